/**
 * @module catalogue/ai/agent-node/agent-functions — the supervisor's agent paths as the functions
 * the model may call (spec 002 §4 "Supervisor"): each agent's schema properties become the
 * function's parameters, and the `required` flags on properties move into a `required` list.
 * Browser-safe: the editor's handles read the same names (catalogue/field-shapes.ts).
 */
import { isPlainObject, parseJsonish } from '../../coerce.ts';
import { userError } from '../../errors.ts';
import type { ToolSpec } from '../../services/models.ts';

export const AGENTS_INVALID = 'Agents must be a list of { name, description, schema }';
export const AGENTS_REQUIRED = 'Agents is required';
/** spec 002 §5 'Agent edge finder needs a matching edge' */
export const NO_MATCHING_EDGE = 'No matching edges found';

/** One agent path: its name (the output handle) and the function the model sees. */
export interface AgentFunction {
  agent: string;
  spec: ToolSpec;
}

/** A function name the model accepts (letters, digits, _ and -, at most 64), made from an agent's name. */
export function functionName(agent: string): string {
  return agent.trim().replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64) || 'agent';
}

/** An agent's schema as function parameters: a JSON schema or a map of properties, `required` flags gathered. */
export function agentParameters(schema: unknown): Record<string, unknown> {
  const parsed = typeof schema === 'string' ? parseJsonish(schema) : { ok: true as const, value: schema };
  const value = parsed.ok && isPlainObject(parsed.value) ? parsed.value : {};
  const isSchema = value.type === 'object' && (isPlainObject(value.properties) || value.properties === undefined);
  const raw = isSchema ? (isPlainObject(value.properties) ? value.properties : {}) : value;
  const required = new Set(isSchema && Array.isArray(value.required) ? value.required.map(String) : []);
  const properties: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(raw)) {
    if (!isPlainObject(property)) {
      properties[name] = { type: 'string', description: String(property ?? '') };
      continue;
    }
    const { required: flag, ...rest } = property;
    if (flag === true || flag === 'true') required.add(name);
    properties[name] = rest;
  }
  return { type: 'object', properties, required: [...required] };
}

/** The node's `agents` value as functions, one per agent, in order; throws the spec's texts for a bad value. */
export function agentFunctions(value: unknown): AgentFunction[] {
  const parsed = typeof value === 'string' ? parseJsonish(value) : { ok: true as const, value };
  if (!parsed.ok || !Array.isArray(parsed.value)) throw userError(AGENTS_INVALID);
  if (parsed.value.length === 0) throw userError(AGENTS_REQUIRED);
  const seen = new Set<string>();
  return parsed.value.map((item) => {
    if (!isPlainObject(item) || typeof item.name !== 'string' || !item.name.trim()) throw userError(AGENTS_INVALID);
    const agent = item.name.trim();
    const name = functionName(agent);
    if (seen.has(name)) throw userError(`Agent names must differ: ${agent}`);
    seen.add(name);
    const description = typeof item.description === 'string' && item.description ? item.description : `Run the agent ${agent}`;
    return { agent, spec: { type: 'function', function: { name, description, parameters: agentParameters(item.schema ?? item.inputSchema) } } };
  });
}
