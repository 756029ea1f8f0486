/**
 * @module editor/stores/sample-input — the test input a flow starts with: a body shaped like what
 * its trigger produces, so a first Run needs no typing (issue 15 "Test input fits the trigger").
 */
import type { FlowNode } from '../../contract/flow-document.ts';
import { looksLikeJsonSchema, triggerFieldsRead, triggerOf } from '../../catalogue/trigger-input.ts';

/** A JSON schema as the GraphQL trigger's `advance_schema` holds it (or, as the field allows, a sample payload). */
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
}

/** The sample body for a flow's trigger; `{}` when the flow has no trigger yet. */
export function sampleInput(nodes: readonly FlowNode[]): unknown {
  const trigger = triggerOf(nodes);
  if (!trigger) return {};
  switch (trigger.type) {
    case 'chatTriggerNode':
      return { chatMessage: 'Hello', chatHistory: [], userId: 'test-user', sessionId: 'test-session', metadata: {} };
    case 'searchTriggerNode':
      return { searchQuery: 'How do I get started?' };
    case 'graphqlTriggerNode':
    case 'automationTriggerNode':
      return fromSchemaText(trigger.values.advance_schema);
    default:
      // a webhook's body is whatever its callers send: build it from the fields the flow reads
      return fromReferences(nodes, trigger.id);
  }
}

function fromSchemaText(text: unknown): unknown {
  if (typeof text !== 'string' || !text.trim()) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return looksLikeJsonSchema(parsed) ? fromSchema(parsed as Schema) : parsed;
  } catch {
    return {};
  }
}

/** One example value of a schema: the first enum value, else a value of its type. */
export function fromSchema(schema: Schema): unknown {
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type ?? (schema.properties ? 'object' : 'string')) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, fromSchema(sub)]));
    case 'array':
      return schema.items ? [fromSchema(schema.items)] : [];
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    default:
      return 'Hello';
  }
}

/** Every field the flow reads from its trigger; a list where a For Loop iterates over it. */
function fromReferences(nodes: readonly FlowNode[], triggerId: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, use] of triggerFieldsRead(nodes, triggerId)) body[field] = use === 'list' ? [1, 2, 3] : 'Hello';
  return body;
}
