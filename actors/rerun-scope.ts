/**
 * @module actors/rerun-scope — which actors of a re-run from a node run again (docs/debugging.md).
 *
 * Outside loops: `fromNode` and every node its routes reach (a loop start: its body and loop end
 * too), each as every actor it has (`n`, `n#i`). Inside a loop body, from iteration n: the
 * loop's actors (its start, body and end, `L#i`, `b#i`, `E#i`) of iterations before n are the
 * source run's; in iteration n, `fromNode` and what its routes reach in the body (and the loop
 * end) run again, the others of the iteration (the loop start's step, the body before
 * `fromNode`) are the source run's; iterations after n and the loop end's final activation run
 * as usual, and so does everything after the loop. The loop start itself (its items) is the
 * source run's.
 */
import type { Plan, PlanNode } from './types.ts';

/** A re-run that cannot start: `field` names the request field at fault (a 400 or 409 names it). */
export class RerunRefusal extends Error {
  constructor(readonly field: string, message: string, readonly status: 400 | 409 = 400) {
    super(message);
  }
}

/** What a re-run runs again. */
export interface RerunScope {
  fromNode: string;
  /** the node ids that run again as their own actors: `fromNode` and every node its routes reach */
  again: Set<string>;
  /** from inside a loop body: the loop start, its nodes (start, body, end) and those of them `fromNode` reaches */
  loop?: { start: string; members: Set<string>; reached: Set<string> };
}

/** The ids of `fromNode` and every node its routes reach (a loop start: its body and loop end too). */
export function rerunNodes(plan: Plan, fromNode: string): Set<string> {
  const reached = new Set<string>();
  const work = [fromNode];
  while (work.length) {
    const id = work.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    const node = plan.nodes[id];
    work.push(...node.outbound.map((r) => r.target), ...(node.body ?? []), ...(node.loopEnd ? [node.loopEnd] : []));
  }
  return reached;
}

/** The scope of a re-run of `plan` from `fromNode` (a RerunRefusal naming fromNode for a node the plan lacks). */
export function rerunScope(plan: Plan, fromNode: string): RerunScope {
  const from: PlanNode | undefined = plan.nodes[fromNode];
  if (!from) throw new RerunRefusal('fromNode', `fromNode: no node '${fromNode}' in the flow`);
  const again = rerunNodes(plan, fromNode);
  if (!from.loop) return { fromNode, again };
  const start = plan.nodes[from.loop];
  const members = new Set([start.id, ...(start.body ?? []), ...(start.loopEnd ? [start.loopEnd] : [])]);
  return { fromNode, again, loop: { start: start.id, members, reached: new Set([...again].filter((id) => members.has(id))) } };
}

/** The nodes the re-run may run again in any actor: for the re-run plan's warning, a loop body's every node (later iterations run it). */
export function nodesRunAgain(scope: RerunScope): Set<string> {
  if (!scope.loop) return scope.again;
  return new Set([...scope.again, ...[...scope.loop.members].filter((id) => id !== scope.loop!.start)]);
}

/** The actor key of a node in iteration n: the loop's nodes as `id#n` from inside a loop body, any other as `id`. */
export function actorIn(scope: RerunScope, iteration: number | undefined, nodeId: string): string {
  return scope.loop?.members.has(nodeId) && iteration !== undefined ? `${nodeId}#${iteration}` : nodeId;
}

/** Whether actor `actor` (`n` or `n#i`) runs again in a re-run from iteration `iteration` (see the module comment). */
export function runsAgain(scope: RerunScope, iteration: number | undefined, actor: string): boolean {
  const [node, at] = actor.split('#');
  if (!scope.loop || !scope.loop.members.has(node) || iteration === undefined) return scope.again.has(node);
  if (at === undefined) return node !== scope.loop.start;
  const i = Number(at);
  return i > iteration || (i === iteration && scope.loop.reached.has(node));
}

const iterationText = 'iteration: an integer, 0 or more (the loop iteration to start in)';

/**
 * The iteration a re-run from inside a loop body starts in: `requested`, checked against the
 * iterations the source run's loop has (meta `loop:<L>`), or the last one the source recorded
 * for `fromNode` (`actors`: the source's actors hash). Undefined outside loops (a requested one
 * is refused).
 */
export function startIteration(
  scope: RerunScope, requested: number | undefined, source: { runId: string; actors: Record<string, string>; meta: Record<string, string> },
): number | undefined {
  const { fromNode, loop } = scope;
  if (requested !== undefined && !(Number.isInteger(requested) && requested >= 0)) throw new RerunRefusal('iteration', iterationText);
  if (!loop) {
    if (requested !== undefined) throw new RerunRefusal('iteration', `iteration: '${fromNode}' is not inside a loop`);
    return undefined;
  }
  if (requested === undefined) {
    const recorded = Object.keys(source.actors).flatMap((field) => (field.startsWith(`${fromNode}#`) && !field.includes(':') ? [Number(field.slice(fromNode.length + 1))] : []));
    if (recorded.length === 0) throw new RerunRefusal('fromNode', `fromNode: '${fromNode}' was never reached in run ${source.runId}: no message to start it with`, 409);
    return Math.max(...recorded);
  }
  const text = source.meta[`loop:${loop.start}`];
  const count = text ? (JSON.parse(text) as { count: number }).count : 0;
  if (requested >= count) {
    const range = count > 0 ? `from 0 to ${count - 1}` : 'none';
    throw new RerunRefusal('iteration', `iteration: the loop '${loop.start}' has ${count} iterations in run ${source.runId} (${range})`);
  }
  return requested;
}
