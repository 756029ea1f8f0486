/**
 * @module actors/single-node — running one node of a flow by itself (docs/debugging.md, "Run one
 * node"): a run of a plan cut down to the node and the nodes before it, whose start queues the
 * node, seeded either from a past run (what the node's mailbox and the outputs it reads held
 * there, actors/rerun-seed.ts) or from outputs the caller pastes. Nothing else runs: the node's
 * routes are cut, so its finish ends the run. A loop node keeps its body and loop end (the whole
 * loop runs); a node inside a loop body cannot run alone.
 */
import { RerunRefusal } from './rerun-scope.ts';
import type { RerunSeed } from './rerun-seed.ts';
import type { Plan, PlanNode } from './types.ts';

/** The nodes whose routes reach `nodeId`, directly or not (never `nodeId` itself unless a cycle). */
export function nodesBefore(plan: Plan, nodeId: string): Set<string> {
  const sourceOf = new Map<string, string>();
  for (const node of Object.values(plan.nodes)) for (const route of node.outbound) sourceOf.set(route.edgeId, route.source);
  const before = new Set<string>();
  const work = [...plan.nodes[nodeId].inbound];
  while (work.length) {
    const source = sourceOf.get(work.pop()!);
    if (!source || source === nodeId || before.has(source)) continue;
    before.add(source);
    work.push(...plan.nodes[source].inbound);
  }
  return before;
}

/**
 * `plan` cut down to `nodeId`, the nodes before it and the trigger (a loop node: its body and
 * loop end too); the routes leaving that set and the node's own routes are cut, and the node
 * is not pinned (it runs). Refuses a node inside a loop body.
 */
export function singleNodePlan(plan: Plan, nodeId: string): Plan {
  const node: PlanNode | undefined = plan.nodes[nodeId];
  if (!node) throw new RerunRefusal('nodeId', `Node '${nodeId}' not found in the flow`);
  if (node.loop) throw new RerunRefusal('nodeId', `nodeId: '${nodeId}' is inside the loop '${node.loop}'; run the loop node`);
  const last = node.loopEnd ?? nodeId;
  const keep = new Set([plan.trigger, ...nodesBefore(plan, nodeId), nodeId, ...(node.body ?? []), ...(node.loopEnd ? [node.loopEnd] : [])]);
  const nodes: Record<string, PlanNode> = {};
  for (const id of keep) {
    const { pinned, ...kept } = plan.nodes[id];
    const outbound = id === last ? [] : kept.outbound.filter((r) => keep.has(r.target));
    nodes[id] = { ...kept, outbound, ...(pinned && id !== nodeId ? { pinned } : {}) };
  }
  const edges = new Set(Object.values(nodes).flatMap((n) => n.outbound.map((r) => r.edgeId)));
  for (const kept of Object.values(nodes)) kept.inbound = kept.inbound.filter((edge) => edges.has(edge));
  return { ...plan, nodes };
}

/**
 * The nodes before `nodeId` in its single-node plan (`plan`, from singleNodePlan); refuses an
 * entry of `outputs` for any other node, naming it under `field`.
 */
export function checkedOutputs(plan: Plan, nodeId: string, outputs: Record<string, unknown>, field: string): Set<string> {
  const node = plan.nodes[nodeId];
  const before = new Set(Object.keys(plan.nodes).filter((id) => id !== nodeId && !node.body?.includes(id) && id !== node.loopEnd));
  for (const id of Object.keys(outputs)) {
    if (!before.has(id)) throw new RerunRefusal(`${field}.${id}`, `${field}.${id}: '${id}' is not a node before '${nodeId}'`);
  }
  return before;
}

/**
 * The seed of a single-node run with no past run: every node before `nodeId` completed with
 * what `outputs` gives for it (else its pinned output, else null), and the node's mailbox holding
 * the messages its sources would have sent. `field` names the request field in refusals.
 */
export function pastedSeed(plan: Plan, nodeId: string, outputs: Record<string, unknown>, field = 'input'): RerunSeed {
  const before = checkedOutputs(plan, nodeId, outputs, field);
  const seed: RerunSeed = { fromNode: nodeId, actors: {}, outputs: {}, mailboxes: {}, joins: {}, meta: { singleNode: nodeId } };
  for (const id of before) {
    seed.actors[id] = 'completed';
    seed.outputs[id] = JSON.stringify((id in outputs ? outputs[id] : plan.nodes[id].pinned?.output) ?? null);
  }
  // in the order of the node's inbound edges
  const into = new Map([...before].flatMap((id) => plan.nodes[id].outbound.filter((r) => r.target === nodeId)).map((r) => [r.edgeId, r]));
  const routes = plan.nodes[nodeId].inbound.flatMap((edge) => into.get(edge) ?? []);
  seed.mailboxes[nodeId] = routes.map((r) => ({
    msgId: `${r.source}>${r.edgeId}`,
    from: { nodeId: r.source, port: r.sourceHandle },
    to: { nodeId, port: r.targetHandle },
    kind: 'data',
    hop: 1,
    edgeId: r.edgeId,
    payload: JSON.parse(seed.outputs[r.source]) as unknown,
  }));
  if (routes.length > 1) seed.joins[nodeId] = Object.fromEntries(routes.map((r) => [r.edgeId, 'data:1']));
  return seed;
}
