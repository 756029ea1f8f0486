/**
 * @module runtime/http/routes/flows — list (summaries, contract FlowSummary), create, read, save
 * and delete flows (their drafts).
 * A draft always saves, incomplete or invalid: structural `problems` and value `warnings` come
 * back with it (runtime/services/flows/validate.ts says why); only a body that is not a flow document at
 * all is refused (400 invalid_flow). Run and Deploy check hard (routes/runs.ts,
 * routes/versions.ts). A starter-plan project cannot save a flow that uses a pro-only field
 * (403 pro_required, runtime/services/usage/pro-features.ts). Sticky notes are stored with the flow when
 * within bounds (runtime/services/flows/sticky-notes.ts).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { requireProjectAccess } from '../../services/auth/access.ts';
import type { CatalogueView } from '../../services/flows/catalogue-view.ts';
import type { CheckedFlow, FlowDocument, FlowNode, FlowSummary, StickyNote } from '../../../contract/flow-document.ts';
import { readNotes } from '../../services/flows/sticky-notes.ts';
import { flowGraphFaults } from '../../services/flows/transfer/export-schema.ts';
import { validateFlow, type FlowCheck } from '../../services/flows/validate.ts';
import type { FlowVersionStore } from '../../services/stores/flow-versions.ts';
import type { FlowStore } from '../../services/stores/flows.ts';
import type { PlanOf } from '../../services/usage/plan-of.ts';
import { requirePlanForProFields } from '../../services/usage/pro-features.ts';
import { objectBody } from '../body.ts';
import { HttpError, badRequest, notFound } from '../errors.ts';

export const MAX_FLOW_NAME = 200;

/** A new flow without nodes starts from a webhook trigger, as the studio's canvas does. */
const starterNodes = (): FlowNode[] => [{ id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} }];

const workflowNotFound = () => notFound('Workflow not found');

/** the flow, when it exists and the signed-in user may see its project; 404 'Workflow not found' otherwise */
export async function flowOfUser(ctx: Context, flows: FlowStore, id: string): Promise<FlowDocument> {
  const flow = await flows.get(id);
  if (!flow) throw workflowNotFound();
  await requireProjectAccess(ctx, flow.projectId, workflowNotFound);
  return flow;
}

/** A flow as the project's list shows it (contract FlowSummary): no graph. */
export function summaryOf({ id, projectId, name, status, version, deployedVersion, createdAt, updatedAt, nodes }: FlowDocument): FlowSummary {
  const trigger = nodes.find((n) => n.type.endsWith('TriggerNode'));
  return { id, projectId, name, status, version, ...(deployedVersion !== undefined ? { deployedVersion } : {}), createdAt, updatedAt, nodeCount: nodes.length, ...(trigger ? { triggerType: trigger.type } : {}) };
}

/** A flow as the flow routes answer it: the draft with what its check finds (contract CheckedFlow). */
export function checkedFlow(flow: FlowDocument, catalogue: CatalogueView): CheckedFlow {
  const { problems, warnings } = validateFlow(flow, catalogue);
  return { ...flow, problems, warnings };
}

/** The checked graph; a body that is not a flow document refuses the request (400 invalid_flow), naming every fault. */
export function soundFlow(graph: { nodes?: unknown; edges?: unknown }, catalogue: CatalogueView): FlowCheck {
  const check = validateFlow(graph, catalogue);
  if (check.malformed.length) throw new HttpError(400, 'invalid_flow', check.malformed.join('; '), { details: check.malformed });
  // what the check reads leniently must still fit the published format (/schemas/weft-export.json)
  const faults = flowGraphFaults({ nodes: graph.nodes, edges: graph.edges ?? [] });
  if (faults.length) throw new HttpError(400, 'invalid_flow', `The flow does not fit the flow format: ${faults.join('; ')}`, { details: faults });
  return check;
}

/** The sticky notes as stored (never nodes); any note out of bounds refuses the request, naming every problem. */
export function soundNotes(raw: unknown): StickyNote[] {
  const check = readNotes(raw);
  if (check.problems.length) throw badRequest(check.problems.join('; '), { details: check.problems });
  return check.notes;
}

export function flowsRouter(deps: { catalogue: CatalogueView; flows: FlowStore; versions: FlowVersionStore; planOf: PlanOf; deleted?: (flowId: string) => Promise<void> }): Router {
  const router = new Router();
  const flowOf = (ctx: Context, id: string) => flowOfUser(ctx, deps.flows, id);
  const projectOf = (ctx: Context, id: string) => requireProjectAccess(ctx, id);
  const nameOf = (name: unknown, fallback?: string) => {
    if (name === undefined && fallback !== undefined) return fallback;
    if (typeof name !== 'string' || !name.trim()) throw badRequest('A flow needs a name');
    if (name.trim().length > MAX_FLOW_NAME) throw badRequest(`A flow name has at most ${MAX_FLOW_NAME} characters`);
    return name.trim();
  };
  const flowDocument = (graph: { nodes?: unknown; edges?: unknown }) => soundFlow(graph, deps.catalogue);
  const answer = (flow: FlowDocument, check: FlowCheck): CheckedFlow => ({ ...flow, problems: check.problems, warnings: check.warnings });
  const requirePlan = (nodes: FlowNode[], projectId: string) => requirePlanForProFields(nodes, projectId, deps.catalogue, deps.planOf);

  router.get('/api/projects/:projectId/flows', async function listFlows(ctx) {
    await projectOf(ctx, ctx.params.projectId);
    ctx.body = (await deps.flows.list(ctx.params.projectId)).map(summaryOf);
  });

  router.post('/api/projects/:projectId/flows', async function createFlow(ctx) {
    await projectOf(ctx, ctx.params.projectId);
    const body = objectBody(ctx);
    const name = nameOf(body.name);
    const graph = flowDocument(body.nodes === undefined ? { nodes: starterNodes(), edges: [] } : body);
    const notes = soundNotes(body.notes);
    await requirePlan(graph.nodes, ctx.params.projectId);
    const flow = await deps.flows.create(ctx.params.projectId, { name, nodes: graph.nodes, edges: graph.edges, ...(notes.length ? { notes } : {}) });
    ctx.status = 201;
    ctx.body = answer(flow, graph);
  });

  router.get('/api/flows/:flowId', async function getFlow(ctx) {
    ctx.body = checkedFlow(await flowOf(ctx, ctx.params.flowId), deps.catalogue);
  });

  /**
   * Save: `nodes`, `edges`, `notes` and `name` each replace the stored ones when given. With
   * `version`, the save is refused (409 conflict) unless that is still the stored version.
   */
  router.put('/api/flows/:flowId', async function saveFlow(ctx) {
    const body = objectBody(ctx);
    if (body.version !== undefined && !Number.isInteger(body.version)) throw badRequest('version must be a whole number');
    const current = await flowOf(ctx, ctx.params.flowId);
    const name = nameOf(body.name, current.name);
    const graph = flowDocument({ nodes: body.nodes ?? current.nodes, edges: body.edges ?? current.edges });
    const notes = body.notes === undefined ? undefined : soundNotes(body.notes);
    await requirePlan(graph.nodes, current.projectId);
    const saved = await deps.flows.update(
      current.id,
      (flow) => ({ ...flow, name, nodes: graph.nodes, edges: graph.edges, ...(notes ? { notes } : {}) }),
      body.version as number | undefined,
    );
    ctx.body = answer(saved, graph);
  });

  router.delete('/api/flows/:flowId', async function deleteFlow(ctx) {
    await flowOf(ctx, ctx.params.flowId);
    if (!(await deps.flows.delete(ctx.params.flowId))) throw workflowNotFound();
    await deps.versions.deleteAll(ctx.params.flowId);
    await deps.deleted?.(ctx.params.flowId);
    ctx.status = 204;
  });

  return router;
}
