/**
 * @module runtime/services/flows/flow-limits — how large a flow may be, checked at save and deploy so a
 * flow the engine cannot run well is refused before it runs (issue 21: a 10,000-node fan-out
 * blocked Redis for 240 ms in one call; a 10,000-node chain deployed, then failed at run time).
 * - more nodes or edges than the limits: not stored at all (validate.ts `malformed`, 400);
 * - a port with too many edges, or a path longer than the engine's depth limit: a `problem`
 *   (the draft is saved; Run and Deploy refuse, naming the node and the limit).
 */
import type { GraphEdge } from './flow-graph.ts';

/** at most this many nodes in one flow */
export const MAX_FLOW_NODES = 1000;
/** at most this many edges in one flow */
export const MAX_FLOW_EDGES = 2000;
/** at most this many edges out of one port of one node */
export const MAX_FAN_OUT = 100;
/**
 * The longest path from the trigger, in edges: the engine fails a run that makes a node ready at
 * a hop past this ('Maximum flow execution depth exceeded (limit: 100)'). The engine's own copy
 * is `maxHop` in actors/lua/includes/route.lua; flow-limits.test.ts keeps the two equal.
 */
export const MAX_FLOW_DEPTH = 100;

/** Count limits: a flow past them is not a document weft stores. */
export function sizeFindings(nodeCount: number, edgeCount: number): string[] {
  const findings: string[] = [];
  if (nodeCount > MAX_FLOW_NODES) findings.push(`A flow has at most ${MAX_FLOW_NODES} nodes (this one has ${nodeCount})`);
  if (edgeCount > MAX_FLOW_EDGES) findings.push(`A flow has at most ${MAX_FLOW_EDGES} edges (this one has ${edgeCount})`);
  return findings;
}

/** Ports with more than MAX_FAN_OUT edges, each naming its node. */
export function fanOutProblems(edges: (GraphEdge & { sourceHandle: string })[]): string[] {
  const counts = new Map<string, { source: string; handle: string; count: number }>();
  for (const edge of edges) {
    const key = `${edge.source}\n${edge.sourceHandle}`;
    const entry = counts.get(key) ?? { source: edge.source, handle: edge.sourceHandle, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  return [...counts.values()]
    .filter((port) => port.count > MAX_FAN_OUT)
    .map((port) => `Node ${port.source}: port '${port.handle}' has ${port.count} edges; a port has at most ${MAX_FAN_OUT}`);
}

/**
 * The first node reached more than MAX_FLOW_DEPTH edges after the trigger, as a problem; none
 * when every path is within the limit. Linear: longest paths in topological order (Kahn). The
 * graph must have no cycle (flow-graph.ts checks that first).
 */
export function depthProblems(ids: string[], edges: GraphEdge[], trigger: string): string[] {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  const inbound = new Map<string, number>(ids.map((id) => [id, 0]));
  for (const edge of edges) {
    out.get(edge.source)?.push(edge.target);
    inbound.set(edge.target, (inbound.get(edge.target) ?? 0) + 1);
  }
  // -1: not reached from the trigger (such a node never runs)
  const depth = new Map<string, number>(ids.map((id) => [id, id === trigger ? 0 : -1]));
  const queue = ids.filter((id) => inbound.get(id) === 0);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i];
    const from = depth.get(id)!;
    for (const next of out.get(id)!) {
      if (from >= 0 && from + 1 > depth.get(next)!) depth.set(next, from + 1);
      inbound.set(next, inbound.get(next)! - 1);
      if (inbound.get(next) === 0) queue.push(next);
    }
  }
  const tooDeep = queue.find((id) => depth.get(id)! > MAX_FLOW_DEPTH);
  if (!tooDeep) return [];
  return [`Node ${tooDeep} is ${depth.get(tooDeep)} steps after the trigger; a flow runs at most ${MAX_FLOW_DEPTH} steps deep (Maximum flow execution depth, limit: ${MAX_FLOW_DEPTH})`];
}
