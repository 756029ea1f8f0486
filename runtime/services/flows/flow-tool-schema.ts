/**
 * @module runtime/services/flows/flow-tool-schema — a flow's input as the JSON schema of a tool's
 * parameters (an AI node's flow tool): what its trigger takes (catalogue/trigger-input.ts, as
 * MCP and GraphQL read it); a trigger that takes no input gives an open object.
 */
import type { Plan } from '../../../actors/types.ts';
import type { FlowNode } from '../../../contract/flow-document.ts';
import { triggerInputSchema } from '../../../catalogue/trigger-input.ts';

const OPEN_OBJECT = { type: 'object', properties: {}, additionalProperties: true };

export function flowToolSchema(plan: Plan): Record<string, unknown> {
  const nodes: FlowNode[] = Object.values(plan.nodes).map((n) => ({ id: n.id, type: n.type, position: { x: 0, y: 0 }, values: n.values ?? {} }));
  return (triggerInputSchema(nodes) as Record<string, unknown> | null) ?? OPEN_OBJECT;
}
