/** @module runtime/http/routes/flows — list, create, read, save, delete and deploy flows. */
import Router from '@koa/router';
import type { Registry } from '../../../catalogue/registry.ts';
import type { FlowDocument, FlowEdge, FlowNode } from '../../flows/flow-document.ts';
import { checkFlow } from '../../flows/validate.ts';
import type { FlowStore } from '../../stores/flows.ts';
import type { ProjectStore } from '../../stores/projects.ts';
import { HttpError, badRequest, notFound } from '../errors.ts';

interface FlowBody {
  name?: unknown;
  nodes?: unknown;
  edges?: unknown;
  version?: unknown;
}

const starterTrigger: FlowNode = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} };

export function flowsRouter(deps: { registry: Registry; flows: FlowStore; projects: ProjectStore }): Router {
  const router = new Router();

  const flowOf = async (id: string) => {
    const flow = await deps.flows.get(id);
    if (!flow) throw notFound('Workflow not found');
    return flow;
  };
  const nameOf = (name: unknown, fallback?: string) => {
    if (name === undefined && fallback !== undefined) return fallback;
    if (typeof name !== 'string' || !name.trim()) throw badRequest('A flow needs a name');
    if (name.length > 200) throw badRequest('A flow name has at most 200 characters');
    return name.trim();
  };
  /** the checked graph of a body; structural problems refuse it, field problems are warnings */
  const graphOf = (body: FlowBody) => {
    const check = checkFlow(body, deps.registry);
    if (check.problems.length) {
      throw new HttpError(400, 'invalid_flow', check.problems.join('; '), { details: check.problems });
    }
    return check;
  };
  const answer = (flow: FlowDocument, warnings: string[]) => ({ ...flow, warnings });

  router.get('/api/projects/:projectId/flows', async function listFlows(ctx) {
    if (!(await deps.projects.get(ctx.params.projectId))) throw notFound('Project not found');
    ctx.body = await deps.flows.list(ctx.params.projectId);
  });

  router.post('/api/projects/:projectId/flows', async function createFlow(ctx) {
    if (!(await deps.projects.get(ctx.params.projectId))) throw notFound('Project not found');
    const body = (ctx.request.body ?? {}) as FlowBody;
    const name = nameOf(body.name);
    const graph = graphOf(body.nodes === undefined ? { nodes: [starterTrigger], edges: [] } : body);
    const flow = await deps.flows.create(ctx.params.projectId, { name, nodes: graph.nodes, edges: graph.edges });
    ctx.status = 201;
    ctx.body = answer(flow, graph.warnings);
  });

  router.get('/api/flows/:flowId', async function getFlow(ctx) {
    const flow = await flowOf(ctx.params.flowId);
    ctx.body = answer(flow, checkFlow(flow, deps.registry).warnings);
  });

  router.put('/api/flows/:flowId', async function saveFlow(ctx) {
    const body = (ctx.request.body ?? {}) as FlowBody;
    const current = await flowOf(ctx.params.flowId);
    if (body.version !== undefined && !Number.isInteger(body.version)) throw badRequest('version must be a whole number');
    const name = nameOf(body.name, current.name);
    const graph = graphOf({ nodes: body.nodes ?? current.nodes, edges: body.edges ?? current.edges });
    const saved = await deps.flows.update(
      current.id,
      (flow) => ({ ...flow, name, nodes: graph.nodes as FlowNode[], edges: graph.edges as FlowEdge[] }),
      body.version as number | undefined,
    );
    ctx.body = answer(saved, graph.warnings);
  });

  router.delete('/api/flows/:flowId', async function deleteFlow(ctx) {
    if (!(await deps.flows.delete(ctx.params.flowId))) throw notFound('Workflow not found');
    ctx.status = 204;
  });

  router.post('/api/flows/:flowId/deploy', async function deployFlow(ctx) {
    const { status } = (ctx.request.body ?? {}) as { status?: unknown };
    if (status !== 'active' && status !== 'inactive') throw badRequest("status must be 'active' or 'inactive'");
    const flow = await flowOf(ctx.params.flowId);
    if (status === 'active') {
      const check = checkFlow(flow, deps.registry);
      const all = [...check.problems, ...check.warnings];
      if (all.length) throw new HttpError(400, 'invalid_flow', `The flow cannot be deployed: ${all.join('; ')}`, { details: all });
    }
    const saved = await deps.flows.update(flow.id, (f) => ({ ...f, status: status === 'active' ? 'active' : 'draft' }));
    ctx.body = answer(saved, []);
  });

  return router;
}
