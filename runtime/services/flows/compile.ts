/** @module runtime/services/flows/compile — a checked flow document becomes the plan a run freezes. */
import type { Plan, PlanNode } from '../../../actors/types.ts';
import { ValidationError } from '../domain-errors.ts';
import type { CatalogueView } from './catalogue-view.ts';
import type { FlowDocument } from '../../../contract/flow-document.ts';
import { loopBody, successors } from './flow-graph.ts';
import { MAX_RETRIES, MAX_RETRY_DELAY_SECONDS, findingsOf, validateFlow } from './validate.ts';

function retriesOf(retry: FlowDocument['nodes'][number]['retry']) {
  // Capped here too, so a document that skipped validateFlow still honours spec 000 §9.
  const retries = Math.min(Math.max(Math.floor(Number(retry?.retries) || 0), 0), MAX_RETRIES);
  const delay = Math.min(Math.max(Number(retry?.delay) || 0, 0), MAX_RETRY_DELAY_SECONDS);
  return { retries, retryDelayMs: Math.round(delay * 1000) };
}

/**
 * Compile a structurally sound flow (validateFlow found no problems; see compileForRun):
 * roles from the catalogue, each edge a route out of its source and an inbound id of its
 * target, and each For Loop's body and Loop End.
 */
export function compileFlow(flow: FlowDocument, catalogue: CatalogueView): Plan {
  const nodes: Record<string, PlanNode> = {};
  for (const node of flow.nodes) {
    nodes[node.id] = {
      id: node.id,
      type: node.type,
      role: catalogue.roleOf(node.type),
      values: node.values,
      ...retriesOf(node.retry),
      ...(node.onError === 'continue' ? { onError: node.onError } : {}),
      ...(node.disabled ? { disabled: true as const } : {}),
      ...(catalogue.get(node.type)?.pure ? { pure: true as const } : {}),
      inbound: [],
      outbound: [],
    };
  }
  for (const edge of flow.edges) {
    const { id: edgeId, source, sourceHandle, target, targetHandle } = edge;
    nodes[source].outbound.push({ edgeId, source, sourceHandle, target, targetHandle });
    nodes[target].inbound.push(edgeId);
  }
  const out = successors(Object.keys(nodes), flow.edges);
  for (const start of Object.values(nodes).filter((n) => n.role === 'loopStart')) {
    const { body, ends } = loopBody(start.id, out, (id) => nodes[id].role);
    start.body = [...body];
    start.loopEnd = [...ends][0];
    for (const id of body) nodes[id].loop = start.id;
  }
  const trigger = Object.values(nodes).find((n) => n.role === 'trigger');
  if (!trigger) throw new ValidationError('No trigger node found!', 'invalid_flow', { details: ['No trigger node found!'] });
  return { flowId: flow.id, projectId: flow.projectId, version: flow.version, trigger: trigger.id, nodes };
}

/**
 * The plan of a test run: each pinned node carries its pinned output, which the engine hands on
 * instead of running it. Production runs `plan`, which has no pins. The same plan object when
 * nothing is pinned.
 */
export function withPins(plan: Plan, flow: FlowDocument): Plan {
  const pinned = flow.nodes.filter((node) => node.pinned && plan.nodes[node.id]);
  if (!pinned.length) return plan;
  const nodes = { ...plan.nodes };
  for (const node of pinned) nodes[node.id] = { ...nodes[node.id], pinned: { output: node.pinned!.output } };
  return { ...plan, nodes };
}

/** A flow version ready to run, with what every call of it reads: found once, when it compiles. */
export interface CompiledFlow {
  /** what production runs: pins ignored */
  plan: Plan;
  /** what a test run from the studio runs: pinned nodes hand on their pinned output (withPins) */
  testPlan: Plan;
  trigger: PlanNode;
  /** the response nodes' ids: a realtime caller is answered by the first of them that completes */
  responses: readonly string[];
}

/**
 * Check then compile, for a run or a deploy: any problem or warning (a missing value) is a
 * ValidationError ('invalid_flow', 400) naming them all.
 */
export function compileForRun(catalogue: CatalogueView) {
  return function compiled(flow: FlowDocument): CompiledFlow {
    const check = validateFlow(flow, catalogue);
    const all = findingsOf(check);
    if (all.length) throw new ValidationError(`The flow cannot run: ${all.join('; ')}`, 'invalid_flow', { details: all });
    const plan = compileFlow(flow, catalogue);
    const responses = Object.values(plan.nodes).filter((node) => node.role === 'response').map((node) => node.id);
    return { plan, testPlan: withPins(plan, flow), trigger: plan.nodes[plan.trigger], responses };
  };
}
