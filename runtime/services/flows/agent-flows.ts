/**
 * @module runtime/services/flows/agent-flows — which flows are agents (GraphQL `executeAgent`): a live
 * flow started by the GraphQL trigger whose deployed version holds at least one agent node — a
 * node whose kind is agentNode (the supervisor) or agentClassifierNode (spec 000 §3 node
 * types). The agent's id is the flow's id; it answers as executeWorkflow does.
 */
import type { Plan } from '../../../actors/types.ts';
import { registry } from '../../../catalogue/nodes.ts';
import type { NodeKind } from '../../../catalogue/types.ts';
import { ValidationError } from '../domain-errors.ts';

export const AGENT_KINDS: readonly NodeKind[] = ['agentNode', 'agentClassifierNode'];

/** Whether a plan holds an agent node. */
export function isAgentPlan(plan: Plan): boolean {
  return Object.values(plan.nodes).some((node) => AGENT_KINDS.includes(registry.get(node.type)?.definition.type ?? 'dynamicNode'));
}

/** The refusal of a flow that is no agent (400, code 'not_an_agent'). */
export function notAnAgent(flowId: string): ValidationError {
  return new ValidationError(`Flow ${flowId} is not an agent: it holds no Supervisor agent or Agent classifier node`, 'not_an_agent');
}
