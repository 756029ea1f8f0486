/**
 * @module runtime/http/routes/n8n-import — `POST /api/projects/:projectId/flows/import-n8n`: an
 * n8n workflow JSON (the body itself, or `{workflow, name}`) becomes a draft flow of the project
 * (runtime/integrations/n8n-import/), saved through the same checks as a created flow → 201 with its id, the
 * checked draft and what the import could not map (contract/n8n-import.ts). Input that is not an
 * n8n workflow is 400 naming the field (`field` in the error).
 */
import Router from '@koa/router';
import { requireProjectAccess } from '../../services/auth/access.ts';
import type { N8nImportAnswer } from '../../../contract/n8n-import.ts';
import type { CatalogueView } from '../../services/flows/catalogue-view.ts';
import { importN8nWorkflow } from '../../integrations/n8n-import/import-workflow.ts';
import { N8nFormatError } from '../../integrations/n8n-import/n8n-format.ts';
import type { FlowStore } from '../../services/stores/flows.ts';
import type { PlanOf } from '../../services/usage/plan-of.ts';
import { requirePlanForProFields } from '../../services/usage/pro-features.ts';
import { objectBody } from '../body.ts';
import { badRequest } from '../errors.ts';
import { MAX_FLOW_NAME, soundFlow, soundNotes } from './flows.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The flow's name: the one given (checked like a created flow's), else the n8n workflow's (shortened to fit). */
function flowName(given: unknown, n8nName: string | undefined): string {
  if (given === undefined) return (n8nName ?? 'Imported from n8n').slice(0, MAX_FLOW_NAME);
  if (typeof given !== 'string' || !given.trim()) throw badRequest('name: a flow needs a name', { field: 'name' });
  if (given.trim().length > MAX_FLOW_NAME) throw badRequest(`name: a flow name has at most ${MAX_FLOW_NAME} characters`, { field: 'name' });
  return given.trim();
}

export function n8nImportRouter(deps: { catalogue: CatalogueView; flows: FlowStore; planOf: PlanOf }): Router {
  const router = new Router();
  router.post('/api/projects/:projectId/flows/import-n8n', async function importN8n(ctx) {
    const { projectId } = ctx.params;
    await requireProjectAccess(ctx, projectId);
    const body = objectBody(ctx);
    const wrapped = isObject(body.workflow);
    const draft = (() => {
      try {
        return importN8nWorkflow(wrapped ? body.workflow : body);
      } catch (error) {
        if (!(error instanceof N8nFormatError)) throw error;
        const field = wrapped ? `workflow.${error.field}`.replace(/\.workflow$/, '') : error.field;
        throw badRequest(`${field}: ${error.message.slice(error.field.length + 2)}`, { field });
      }
    })();
    const name = flowName(wrapped ? body.name : undefined, draft.name);
    const graph = soundFlow(draft, deps.catalogue);
    const notes = soundNotes(draft.notes);
    await requirePlanForProFields(graph.nodes, projectId, deps.catalogue, deps.planOf);
    const flow = await deps.flows.create(projectId, { name, nodes: graph.nodes, edges: graph.edges, ...(notes.length ? { notes } : {}) });
    ctx.status = 201;
    ctx.body = { flowId: flow.id, flow: { ...flow, problems: graph.problems, warnings: graph.warnings }, importProblems: draft.problems } satisfies N8nImportAnswer;
  });
  return router;
}
