/**
 * @module runtime/flows/flow-tool-schema — a flow's input as the JSON schema of a tool's
 * parameters (an AI node's flow tool): the GraphQL trigger's `advance_schema` when it is a
 * JSON schema, the types of its values when it is a sample payload; any other trigger takes
 * an open object.
 */
import type { Plan } from '../../actors/types.ts';
import { isPlainObject, parseJsonish } from '../../catalogue/coerce.ts';
import { looksLikeJsonSchema } from '../graphql/input-types.ts';

const OPEN_OBJECT = { type: 'object', properties: {}, additionalProperties: true };

export function flowToolSchema(plan: Plan): Record<string, unknown> {
  const trigger = plan.nodes[plan.trigger];
  const raw = trigger?.values?.advance_schema;
  const parsed = parseJsonish(raw);
  const value = parsed.ok ? parsed.value : undefined;
  if (looksLikeJsonSchema(value) && isPlainObject(value)) return value.type === undefined ? { type: 'object', ...value } : value;
  if (isPlainObject(value)) return { type: 'object', properties: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, schemaOfSample(v)])) };
  return OPEN_OBJECT;
}

function schemaOfSample(value: unknown): Record<string, unknown> {
  if (Array.isArray(value)) return value.length ? { type: 'array', items: schemaOfSample(value[0]) } : { type: 'array' };
  if (isPlainObject(value)) return { type: 'object', properties: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, schemaOfSample(v)])) };
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  if (typeof value === 'boolean') return { type: 'boolean' };
  return { type: 'string' };
}
