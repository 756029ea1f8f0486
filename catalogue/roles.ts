/**
 * @module catalogue/roles — how the engine treats each node kind. The engine knows roles
 * (actors/types.ts NodeRole), never node kinds; this is the one place that maps them.
 */
import type { NodeRole } from '../actors/types.ts';
import type { NodeKind } from './types.ts';

const ROLES: Record<NodeKind, NodeRole> = {
  triggerNode: 'trigger',
  conditionNode: 'router',
  agentClassifierNode: 'router',
  responseNode: 'response',
  forLoopNode: 'loopStart',
  forLoopEndNode: 'loopEnd',
  dynamicNode: 'normal',
  // the supervisor decides its iterations one at a time (NodeResult.loop.decide)
  agentNode: 'loopStart',
};

export const NODE_KINDS = Object.keys(ROLES) as NodeKind[];

export function roleOfKind(kind: NodeKind): NodeRole {
  return ROLES[kind];
}
