/**
 * @module actors/run-ahead — the running-ahead policy of the pipeline (ARCHITECTURE.md, "The
 * engine"): when finishing a node makes one actor ready, a pure node (PlanNode.pure, or pinned)
 * outside loops with no other inbound edge, the process executes it at once, before that finish
 * is stored, and so on from it. Their finishes are stored with the first node's, in its one call
 * (finishSteps, lua/includes/finish.lua), which takes each only if the one before made it ready;
 * one not taken runs again as any activation. This module decides which nodes run ahead; the
 * pipeline hands it the execute stage (`run`).
 */
import type { RanAhead } from './actor-calls.ts';
import type { RunStore } from './run-store.ts';
import { plain } from './stepping.ts';
import type { NodeResult, PlanNode } from './types.ts';

/** The most steps run ahead after one actor. */
const maxAhead = 8;

/** The execute stage for a node run ahead (no effects: a pure node asks for none), seeing the outputs in `ahead`. */
export type RunAheadStep = (node: PlanNode, ahead: Map<string, string>) => Promise<NodeResult>;

/**
 * The steps run ahead after `from` finished with `result`. `ahead` holds the outputs not stored
 * yet, `from`'s first: each step's joins them. Stops at a node that may not run ahead, one that
 * throws or asks for more than an output, or after `maxAhead` steps (pure nodes are quick: the
 * finish before them waits meanwhile).
 */
export async function runAhead(store: RunStore, runId: string, from: PlanNode, result: NodeResult, ahead: Map<string, string>, run: RunAheadStep): Promise<RanAhead[]> {
  const steps: RanAhead[] = [];
  let [node, last] = [from, result];
  while (steps.length < maxAhead) {
    const next = await onlyNext(store, runId, node, last);
    if (!next) break;
    const startedAt = Date.now();
    try {
      last = await run(next, ahead);
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
async function onlyNext(store: RunStore, runId: string, node: PlanNode, result: NodeResult): Promise<PlanNode | undefined> {
  if (node.outbound.length !== 1 || node.loop !== undefined || !['trigger', 'normal', 'router', 'response'].includes(node.role)) return undefined;
  const [route] = node.outbound;
  if (node.role === 'router' && !result.route?.includes(route.sourceHandle)) return undefined;
  const next = await store.planNode(runId, route.target);
  if (!next || !(next.pure || next.pinned) || next.disabled || next.inbound.length !== 1 || next.loop !== undefined) return undefined;
  return ['normal', 'router', 'response'].includes(next.role) ? next : undefined;
}
