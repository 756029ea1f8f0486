/**
 * @module runtime/services/flows/flow-graph — graph rules of a flow whose nodes and edges are each
 * sound: no cycles (a For Loop repeats its body, the graph itself never loops back), and
 * every For Loop closes on exactly one Loop End, is not nested and is entered only through
 * its start. Iterative throughout, so a long chain cannot overflow the stack.
 */
import type { NodeRole } from '../../../actors/types.ts';

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
}

/** Node id → the ids its edges lead to (each node present, even without edges). */
export function successors(ids: string[], edges: GraphEdge[]): Map<string, string[]> {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const edge of edges) out.get(edge.source)?.push(edge.target);
  return out;
}

/**
 * A loop's body: the nodes reachable from its start without passing a Loop End, and the
 * Loop Ends reached. A sound loop reaches exactly one.
 */
export function loopBody(start: string, out: Map<string, string[]>, roleOf: (id: string) => NodeRole) {
  const body = new Set<string>();
  const ends = new Set<string>();
  const queue = [...(out.get(start) ?? [])];
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i];
    if (roleOf(id) === 'loopEnd') ends.add(id);
    else if (!body.has(id) && id !== start) {
      body.add(id);
      queue.push(...(out.get(id) ?? []));
    }
  }
  return { body, ends };
}

/** One cycle as a path that starts and ends at the same node, or null. */
export function findCycle(ids: string[], out: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  for (const root of ids) {
    if (state.has(root)) continue;
    // An explicit stack of (node, index of the next successor to visit) replaces recursion.
    const stack: { id: string; next: number }[] = [{ id: root, next: 0 }];
    state.set(root, 'open');
    while (stack.length) {
      const top = stack[stack.length - 1];
      const targets = out.get(top.id) ?? [];
      if (top.next === targets.length) {
        state.set(top.id, 'done');
        stack.pop();
        continue;
      }
      const next = targets[top.next++];
      const seen = state.get(next);
      if (seen === 'open') {
        const path = stack.map((s) => s.id);
        return [...path.slice(path.indexOf(next)), next];
      }
      if (!seen) {
        state.set(next, 'open');
        stack.push({ id: next, next: 0 });
      }
    }
  }
  return null;
}

/** Cycles first (loop rules assume none), then every For Loop's structure. */
export function graphProblems(ids: string[], edges: GraphEdge[], roleOf: (id: string) => NodeRole): string[] {
  const out = successors(ids, edges);
  const cycle = findCycle(ids, out);
  if (cycle) return [`The flow has a cycle (${cycle.join(' → ')}); only a For Loop repeats nodes`];
  const problems: string[] = [];
  const reached = new Set<string>();
  for (const start of ids.filter((id) => roleOf(id) === 'loopStart')) {
    const { body, ends } = loopBody(start, out, roleOf);
    for (const end of ends) reached.add(end);
    const nested = [...body].filter((id) => roleOf(id) === 'loopStart');
    if (nested.length) {
      problems.push(`Nested For Loops are not allowed: ${nested.join(', ')} is inside the loop of ${start}`);
      continue;
    }
    if (ends.size !== 1) {
      const reached = ends.size ? ` (it reaches ${[...ends].join(', ')})` : ' (it reaches none)';
      problems.push(`For Loop ${start} must reach exactly one Loop End${reached}`);
      continue;
    }
    const end = [...ends][0];
    for (const edge of edges) {
      const inside = body.has(edge.target) || edge.target === end;
      if (inside && edge.source !== start && !body.has(edge.source)) {
        problems.push(`Edge ${edge.id} enters the loop of ${start} from outside it (from ${edge.source} into ${edge.target})`);
      }
    }
  }
  // A broken loop (nested, unclosed) leaves ends unreached as a consequence: name only the cause.
  if (problems.length) return problems;
  for (const id of ids) {
    if (roleOf(id) === 'loopEnd' && !reached.has(id)) {
      problems.push(`Loop End ${id} is not reached by a For Loop`);
    }
  }
  return problems;
}
