/** @module runtime/flows/compile — a checked flow document becomes the plan a run freezes. */
import type { Plan, PlanNode } from '../../actors/types.ts';
import type { Registry } from '../../catalogue/registry.ts';
import { HttpError } from '../http/errors.ts';
import type { FlowDocument } from './flow-document.ts';
import { checkFlow, loopBody } from './validate.ts';

/** Compile a sound flow; the caller has checked it (see compileForRun). */
export function compileFlow(flow: FlowDocument, registry: Registry): Plan {
  const nodes: Record<string, PlanNode> = {};
  for (const node of flow.nodes) {
    nodes[node.id] = {
      id: node.id,
      type: node.type,
      role: registry.roleOf(node.type),
      values: node.values,
      retries: node.retry?.retries ?? 0,
      retryDelayMs: Math.round((node.retry?.delay ?? 0) * 1000),
      inbound: [],
      outbound: [],
    };
  }
  for (const edge of flow.edges) {
    const { id: edgeId, source, sourceHandle, target, targetHandle } = edge;
    nodes[source].outbound.push({ edgeId, source, sourceHandle, target, targetHandle });
    nodes[edge.target].inbound.push(edge.id);
  }
  const out = new Map(Object.values(nodes).map((n) => [n.id, n.outbound.map((r) => r.target)]));
  for (const start of Object.values(nodes).filter((n) => n.role === 'loopStart')) {
    const { body, ends } = loopBody(start.id, out, (id) => nodes[id].role);
    start.body = [...body];
    start.loopEnd = [...ends][0];
    for (const id of body) nodes[id].loop = start.id;
  }
  const trigger = Object.values(nodes).find((n) => n.role === 'trigger');
  if (!trigger) throw new HttpError(400, 'invalid_flow', 'No trigger node found!');
  return { flowId: flow.id, projectId: flow.projectId, version: flow.version, trigger: trigger.id, nodes };
}

/** Check then compile for a run or a deploy: any problem or missing value is a 400 naming it. */
export function compileForRun(registry: Registry) {
  return function planOf(flow: FlowDocument): Plan {
    const check = checkFlow(flow, registry);
    const all = [...check.problems, ...check.warnings];
    if (all.length) throw new HttpError(400, 'invalid_flow', `The flow cannot run: ${all.join('; ')}`, { details: all });
    return compileFlow(flow, registry);
  };
}
