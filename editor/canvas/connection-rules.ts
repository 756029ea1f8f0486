/**
 * @module editor/canvas/connection-rules — why a connection or a new node would not make
 * sense, in words the builder sees. Pure functions over a plain graph, so they are easy to test.
 */

export interface GraphLink {
  source: string;
  sourceHandle: string;
  target: string;
}

export interface GraphView {
  links: GraphLink[];
  /** engine role of a node: 'trigger', 'router', 'loopStart', … */
  roleOf(nodeId: string): string;
  /** the name a builder knows the node by (its slug) */
  nameOf(nodeId: string): string;
}

/** A path of node ids from `from` to `to` along the links, or null. */
export function findPath(links: GraphLink[], from: string, to: string): string[] | null {
  const out = new Map<string, string[]>();
  for (const link of links) out.set(link.source, [...(out.get(link.source) ?? []), link.target]);
  const previous = new Map<string, string>();
  const queue = [from];
  const seen = new Set([from]);
  while (queue.length) {
    const id = queue.shift()!;
    if (id === to) {
      const path = [to];
      while (path[0] !== from) path.unshift(previous.get(path[0])!);
      return path;
    }
    for (const next of out.get(id) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      previous.set(next, id);
      queue.push(next);
    }
  }
  return null;
}

/** Why source:handle → target must not be connected, or null when it may. */
export function connectionProblem(graph: GraphView, source: string, sourceHandle: string, target: string): string | null {
  if (source === target) return 'A node cannot be connected to itself';
  if (graph.roleOf(target) === 'trigger') return `Nothing can lead into the trigger ${graph.nameOf(target)}: it starts the flow`;
  if (graph.links.some((l) => l.source === source && l.sourceHandle === sourceHandle && l.target === target)) {
    return `${graph.nameOf(source)} is already connected to ${graph.nameOf(target)}`;
  }
  const back = findPath(graph.links, target, source);
  if (back) {
    const names = [...back, target].map((id) => graph.nameOf(id)).join(' → ');
    return `That would make a cycle (${names}); only a For Loop repeats nodes`;
  }
  return null;
}

/** Why a node of this role cannot be added, or null. */
export function addNodeProblem(graph: Pick<GraphView, 'roleOf' | 'nameOf'>, nodeIds: string[], role: string): string | null {
  if (role !== 'trigger') return null;
  const existing = nodeIds.find((id) => graph.roleOf(id) === 'trigger');
  return existing ? `A flow has one trigger, and this one already has ${graph.nameOf(existing)}` : null;
}
