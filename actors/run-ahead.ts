/**
 * @module actors/run-ahead — running ahead (ARCHITECTURE.md "Running ahead"): when finishing a
 * node makes one actor ready, a pure node (PlanNode.pure, or pinned) outside loops with no other
 * inbound edge, the process runs it at once, before that finish is stored, and so on from it.
 * Their finishes are stored with the first node's, in its one call (finishSteps,
 * lua/includes/finish.lua), which takes each only if the one before made it ready; one not
 * taken runs again as any activation.
 */
import type { RanAhead } from './actor-calls.ts';
import type { EngineCore } from './engine-core.ts';
import type { NodeResult, PlanNode } from './types.ts';

/** The most steps run ahead after one actor. */
const maxAhead = 8;

/** Whether a result is only an output (and a router's route): no delay, wait, loop or stop. */
export function plain(result: NodeResult): boolean {
  return !result.delayMs && !result.awaitRun && !result.loop && !result.stopIncomplete && !result.endLoop;
}

/** An effect asked for by a node run before the finish before it is stored (a pure node asks for none): it then runs as any activation. */
const noEffects = () => Promise.reject(new Error('a node run ahead asked for an effect'));

/**
 * The steps run ahead after `from` finished with `result`. `ahead` holds the outputs not stored
 * yet, `from`'s first: each step's joins them. Stops at a node that may not run ahead, one that
 * throws or asks for more than an output, or after `maxAhead` steps (pure nodes are quick: the
 * finish before them waits meanwhile).
 */
export async function runAhead(core: EngineCore, runId: string, from: PlanNode, result: NodeResult, ahead: Map<string, string>): Promise<RanAhead[]> {
  const steps: RanAhead[] = [];
  let [node, last] = [from, result];
  while (steps.length < maxAhead) {
    const next = await onlyNext(core, runId, node, last);
    if (!next) break;
    const startedAt = Date.now();
    try {
      last = await core.execute({ runId, actor: next.id, node: next.id, iteration: '' }, next, { attempt: 1, beforeEffects: noEffects, ahead });
    } catch {
      break;
    }
    if (!plain(last)) break;
    const output = JSON.stringify(last.output ?? null);
    ahead.set(next.id, output);
    steps.push({ node: next.id, output, chosen: next.role === 'router' ? JSON.stringify(last.route ?? []) : '', startedAt, endedAt: Date.now() });
    node = next;
  }
  return steps;
}

/** The one actor finishing `node` (outside loops) with `result` makes ready, when it may run ahead. */
async function onlyNext(core: EngineCore, runId: string, node: PlanNode, result: NodeResult): Promise<PlanNode | undefined> {
  if (node.outbound.length !== 1 || node.loop !== undefined || !['trigger', 'normal', 'router', 'response'].includes(node.role)) return undefined;
  const [route] = node.outbound;
  if (node.role === 'router' && !result.route?.includes(route.sourceHandle)) return undefined;
  const next = await core.cachedPlanNode(runId, route.target);
  if (!next || !(next.pure || next.pinned) || next.disabled || next.inbound.length !== 1 || next.loop !== undefined) return undefined;
  return ['normal', 'router', 'response'].includes(next.role) ? next : undefined;
}
