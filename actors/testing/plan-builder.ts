/** @module actors/testing/plan-builder — compact plans for engine tests (no catalogue needed). */
import type { OnError } from '../../contract/errors.ts';
import type { NodeRole, Plan, PlanNode } from '../types.ts';

export interface NodeSpec {
  type?: string;
  role?: NodeRole;
  retries?: number;
  retryDelayMs?: number;
  onError?: OnError;
  disabled?: true;
  pinned?: { output: unknown };
  pure?: true;
}

/**
 * Build a plan from nodes and edges written as 'a->b' or 'a:handle->b'. Loops are found as
 * the compiler finds them: a loopStart's body is what it reaches before its loopEnd.
 */
export function buildPlan(nodes: Record<string, NodeSpec>, edges: string[], flowId = 'flow_test'): Plan {
  const plan: Record<string, PlanNode> = {};
  for (const [id, spec] of Object.entries(nodes)) {
    plan[id] = {
      id,
      type: spec.type ?? id.replace(/_\d+$/, ''),
      role: spec.role ?? 'normal',
      retries: spec.retries ?? 0,
      retryDelayMs: spec.retryDelayMs ?? 0,
      ...(spec.onError ? { onError: spec.onError } : {}),
      ...(spec.disabled ? { disabled: spec.disabled } : {}),
      ...(spec.pinned ? { pinned: spec.pinned } : {}),
      ...(spec.pure ? { pure: spec.pure } : {}),
      inbound: [],
      outbound: [],
    };
  }
  edges.forEach((text, i) => {
    const [from, target] = text.split('->');
    const [source, sourceHandle = 'out'] = from.split(':');
    const edgeId = `e${i + 1}`;
    plan[source].outbound.push({ edgeId, source, sourceHandle, target, targetHandle: 'in' });
    plan[target].inbound.push(edgeId);
  });
  for (const start of Object.values(plan).filter((n) => n.role === 'loopStart')) {
    const body: string[] = [];
    const queue = start.outbound.map((r) => r.target);
    while (queue.length) {
      const id = queue.shift()!;
      if (plan[id].role === 'loopEnd') {
        start.loopEnd = id;
        continue;
      }
      if (body.includes(id)) continue;
      body.push(id);
      plan[id].loop = start.id;
      queue.push(...plan[id].outbound.map((r) => r.target));
    }
    start.body = body;
  }
  const trigger = Object.values(plan).find((n) => n.role === 'trigger');
  if (!trigger) throw new Error('test plan needs a trigger');
  return { flowId, projectId: 'proj_test', version: 1, trigger: trigger.id, nodes: plan };
}
