/**
 * @module runtime/http/routes/flows — list, create, read, save and delete flows (deploying is
 * runtime/http/routes/flow-versions.ts). Structural problems refuse a save; missing values come
 * back as `warnings` and refuse a deploy (runtime/flows/validate.ts says why). A starter-plan
 * project cannot save a flow that uses a pro-only field (403 pro_required, runtime/usage/pro-features.ts).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { requireProjectAccess } from '../../auth/access.ts';
import type { CatalogueView } from '../../flows/catalogue-view.ts';
import type { CheckedFlow, FlowDocument, FlowNode } from '../../../contract/flow-document.ts';
import { validateFlow, type FlowCheck } from '../../flows/validate.ts';
import type { FlowVersionStore } from '../../stores/flow-versions.ts';
import type { FlowStore } from '../../stores/flows.ts';
import type { PlanOf } from '../../usage/plan-of.ts';
import { requirePlanForProFields } from '../../usage/pro-features.ts';
import { objectBody } from '../body.ts';
import { HttpError, badRequest, notFound } from '../errors.ts';

export const MAX_FLOW_NAME = 200;

/** A new flow without nodes starts from a webhook trigger, as the studio's canvas does. */
const starterNodes = (): FlowNode[] => [{ id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} }];

const workflowNotFound = () => notFound('Workflow not found');

export function flowsRouter(deps: { catalogue: CatalogueView; flows: FlowStore; versions: FlowVersionStore; planOf: PlanOf }): Router {
  const router = new Router();

  /** the flow, when it exists and the user may see its project; 404 'Workflow not found' otherwise */
  const flowOf = async (ctx: Context, id: string) => {
    const flow = await deps.flows.get(id);
    if (!flow) throw workflowNotFound();
    await requireProjectAccess(ctx, flow.projectId, workflowNotFound);
    return flow;
  };
  const projectOf = (ctx: Context, id: string) => requireProjectAccess(ctx, id);
  const nameOf = (name: unknown, fallback?: string) => {
    if (name === undefined && fallback !== undefined) return fallback;
    if (typeof name !== 'string' || !name.trim()) throw badRequest('A flow needs a name');
    if (name.trim().length > MAX_FLOW_NAME) throw badRequest(`A flow name has at most ${MAX_FLOW_NAME} characters`);
    return name.trim();
  };
  /** the checked graph; any structural problem refuses the request, naming every one */
  const soundGraph = (graph: { nodes?: unknown; edges?: unknown }): FlowCheck => {
    const check = validateFlow(graph, deps.catalogue);
    if (check.problems.length) throw new HttpError(400, 'invalid_flow', check.problems.join('; '), { details: check.problems });
    return check;
  };
  const answer = (flow: FlowDocument, warnings: string[]): CheckedFlow => ({ ...flow, problems: [], warnings });
  const requirePlan = (nodes: FlowNode[], projectId: string) => requirePlanForProFields(nodes, projectId, deps.catalogue, deps.planOf);

  router.get('/api/projects/:projectId/flows', async function listFlows(ctx) {
    await projectOf(ctx, ctx.params.projectId);
    ctx.body = await deps.flows.list(ctx.params.projectId);
  });

  router.post('/api/projects/:projectId/flows', async function createFlow(ctx) {
    await projectOf(ctx, ctx.params.projectId);
    const body = objectBody(ctx);
    const name = nameOf(body.name);
    const graph = soundGraph(body.nodes === undefined ? { nodes: starterNodes(), edges: [] } : body);
    await requirePlan(graph.nodes, ctx.params.projectId);
    const flow = await deps.flows.create(ctx.params.projectId, { name, nodes: graph.nodes, edges: graph.edges });
    ctx.status = 201;
    ctx.body = answer(flow, graph.warnings);
  });

  router.get('/api/flows/:flowId', async function getFlow(ctx) {
    const flow = await flowOf(ctx, ctx.params.flowId);
    ctx.body = answer(flow, validateFlow(flow, deps.catalogue).warnings);
  });

  /**
   * Save: `nodes`, `edges` and `name` each replace the stored ones when given. With
   * `version`, the save is refused (409 conflict) unless that is still the stored version.
   */
  router.put('/api/flows/:flowId', async function saveFlow(ctx) {
    const body = objectBody(ctx);
    if (body.version !== undefined && !Number.isInteger(body.version)) throw badRequest('version must be a whole number');
    const current = await flowOf(ctx, ctx.params.flowId);
    const name = nameOf(body.name, current.name);
    const graph = soundGraph({ nodes: body.nodes ?? current.nodes, edges: body.edges ?? current.edges });
    await requirePlan(graph.nodes, current.projectId);
    const saved = await deps.flows.update(
      current.id,
      (flow) => ({ ...flow, name, nodes: graph.nodes, edges: graph.edges }),
      body.version as number | undefined,
    );
    ctx.body = answer(saved, graph.warnings);
  });

  router.delete('/api/flows/:flowId', async function deleteFlow(ctx) {
    await flowOf(ctx, ctx.params.flowId);
    if (!(await deps.flows.delete(ctx.params.flowId))) throw workflowNotFound();
    await deps.versions.deleteAll(ctx.params.flowId);
    ctx.status = 204;
  });

  return router;
}
