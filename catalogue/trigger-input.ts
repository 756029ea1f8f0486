/**
 * @module catalogue/trigger-input — what a flow's trigger takes as input, known from the flow
 * alone: the GraphQL trigger's `advance_schema`, the fields a webhook flow reads as
 * `{{trigger.output.x}}`, the chat trigger's message and history, the search trigger's query.
 * Browser-safe: the studio's test input (editor/stores/sample-input.ts), the GraphQL input
 * types (runtime/integrations/graphql/input-types.ts) and the MCP tools (runtime/integrations/mcp/) read it.
 */
import type { FlowNode } from '../contract/flow-document.ts';
import { parseJsonish } from './coerce.ts';
import { definition as chatTrigger } from './interface/chat-trigger-node/definition.ts';
import { definition as automationTrigger } from './interface/automation-trigger-node/definition.ts';
import { definition as graphqlTrigger } from './interface/graphql-trigger-node/definition.ts';
import { definition as searchTrigger } from './interface/search-trigger-node/definition.ts';
import type { OutputField } from './types.ts';
import { applyDefaults } from './values.ts';

/** A JSON schema of an object: what an MCP tool's inputSchema must be. */
export interface ObjectSchema {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  [keyword: string]: unknown;
}

/** The triggers a caller hands an input to (the others start by themselves: schedules, app events). */
export const INPUT_TRIGGERS: readonly string[] = ['webhookTriggerNode', 'graphqlTriggerNode', 'automationTriggerNode', 'chatTriggerNode', 'searchTriggerNode'];

const JSON_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON schema (`properties`, or a JSON `type`), as opposed to a sample payload. */
export function looksLikeJsonSchema(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isObject(value.properties)) return true;
  if (typeof value.type === 'string') return JSON_TYPES.has(value.type);
  return Array.isArray(value.type) && value.type.every((t) => typeof t === 'string' && JSON_TYPES.has(t));
}

/** The flow's trigger node, if it has one. */
export function triggerOf(nodes: readonly FlowNode[]): FlowNode | undefined {
  return nodes.find((n) => n.type.endsWith('TriggerNode'));
}

/**
 * The fields a webhook flow reads from its trigger: every `{{trigger.output.field}}` (or
 * `{{<trigger id>.output.field}}`), `list` where a For Loop iterates over it, else `value`.
 */
export function triggerFieldsRead(nodes: readonly FlowNode[], triggerId: string): Map<string, 'list' | 'value'> {
  const fields = new Map<string, 'list' | 'value'>();
  const reference = new RegExp(`\\{\\{\\s*(?:trigger|${escape(triggerId)})\\.output\\.([A-Za-z_$][\\w$]*)`, 'g');
  for (const node of nodes) {
    walkStrings(node.values, (text, key) => {
      for (const [, field] of text.matchAll(reference)) {
        if (node.type === 'forLoopNode' && key === 'iteratorValue') fields.set(field, 'list');
        else if (!fields.has(field)) fields.set(field, 'value');
      }
    });
  }
  return fields;
}

/**
 * The JSON schema of the object a flow's trigger takes, or null when its trigger takes no
 * input (or there is none). A GraphQL schema that is not an object's, or a sample that is not
 * an object, gives a free-form object.
 */
export function triggerInputSchema(nodes: readonly FlowNode[]): ObjectSchema | null {
  const trigger = triggerOf(nodes);
  if (!trigger || !INPUT_TRIGGERS.includes(trigger.type)) return null;
  switch (trigger.type) {
    case 'chatTriggerNode':
      return fromOutputs(chatTrigger.outputs, ['chatMessage', 'chatHistory'], ['chatMessage']);
    case 'searchTriggerNode':
      return fromOutputs(searchTrigger.outputs, ['searchQuery'], ['searchQuery']);
    case 'graphqlTriggerNode':
      return fromAdvanceSchema(applyDefaults(graphqlTrigger, trigger.values).advance_schema);
    case 'automationTriggerNode':
      return fromAdvanceSchema(applyDefaults(automationTrigger, trigger.values).advance_schema);
    default: {
      const properties: Record<string, unknown> = {};
      for (const [field, use] of triggerFieldsRead(nodes, trigger.id)) {
        properties[field] = use === 'list' ? { type: 'array', description: `read as {{trigger.output.${field}}}, a list the flow loops over` } : { description: `read as {{trigger.output.${field}}}` };
      }
      return { type: 'object', properties };
    }
  }
}

function fromOutputs(outputs: readonly OutputField[], names: string[], required: string[]): ObjectSchema {
  const properties: Record<string, unknown> = {};
  for (const name of names) {
    const output = outputs.find((o) => o.name === name);
    if (!output) continue;
    properties[name] = output.name === 'chatHistory' ? { ...historySchema, description: output.description } : { type: output.type, description: output.description };
  }
  return { type: 'object', properties, required };
}

const historySchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { role: { type: 'string', enum: ['user', 'assistant'] }, content: { type: 'string' } },
    required: ['role', 'content'],
  },
};

function fromAdvanceSchema(stored: unknown): ObjectSchema {
  const parsed = parseJsonish(stored ?? {});
  const value = parsed.ok ? parsed.value : undefined;
  if (looksLikeJsonSchema(value)) {
    const schema = value as Record<string, unknown>;
    const isObjectSchema = isObject(schema.properties) || schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'));
    return isObjectSchema ? { ...schema, type: 'object' } : { type: 'object' };
  }
  return isObject(value) ? (schemaOfSample(value) as ObjectSchema) : { type: 'object' };
}

/** The schema a sample payload's values give (nothing required). */
function schemaOfSample(sample: unknown): Record<string, unknown> {
  if (Array.isArray(sample)) return sample.length > 0 && sample[0] !== null ? { type: 'array', items: schemaOfSample(sample[0]) } : { type: 'array' };
  if (isObject(sample)) return { type: 'object', properties: Object.fromEntries(Object.entries(sample).map(([key, v]) => [key, schemaOfSample(v)])) };
  if (typeof sample === 'number') return { type: Number.isInteger(sample) ? 'integer' : 'number' };
  if (typeof sample === 'string' || typeof sample === 'boolean') return { type: typeof sample };
  return {};
}

function walkStrings(value: unknown, visit: (text: string, key: string) => void, key = ''): void {
  if (typeof value === 'string') visit(value, key);
  else if (Array.isArray(value)) for (const item of value) walkStrings(item, visit, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walkStrings(v, visit, key || k);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
