/**
 * @module runtime/http/routes/flow-versions — deploy a flow as a new numbered version (with a
 * note), list and read its versions, and roll back to one (contract/versions.ts). A deploy that
 * changes nothing since the deployed version makes no new version. A starter-plan project cannot
 * deploy a flow that uses a pro-only field (403 pro_required, runtime/usage/pro-features.ts).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { changeCount, diffFlows } from '../../../catalogue/flow-diff.ts';
import type { CheckedFlow, FlowDocument } from '../../../contract/flow-document.ts';
import type { FlowVersion } from '../../../contract/versions.ts';
import { requireProjectAccess } from '../../auth/access.ts';
import type { CatalogueView } from '../../flows/catalogue-view.ts';
import { validateFlow } from '../../flows/validate.ts';
import type { FlowVersionStore } from '../../stores/flow-versions.ts';
import type { FlowStore } from '../../stores/flows.ts';
import type { User } from '../../stores/users.ts';
import type { PlanOf } from '../../usage/plan-of.ts';
import { requirePlanForProFields } from '../../usage/pro-features.ts';
import { objectBody } from '../body.ts';
import { HttpError, badRequest, notFound } from '../errors.ts';

export const MAX_VERSION_NOTE = 1000;

interface Deps {
  catalogue: CatalogueView;
  flows: FlowStore;
  versions: FlowVersionStore;
  planOf: PlanOf;
}

const workflowNotFound = () => notFound('Workflow not found');
const versionNotFound = () => notFound('Version not found');

function noteOf(note: unknown): string {
  if (note === undefined || note === null) return '';
  if (typeof note !== 'string') throw badRequest('note must be text');
  if (note.trim().length > MAX_VERSION_NOTE) throw badRequest(`A note has at most ${MAX_VERSION_NOTE} characters`);
  return note.trim();
}

export function flowVersionsRouter(deps: Deps): Router {
  const router = new Router();

  const flowOf = async (ctx: Context, id: string) => {
    const flow = await deps.flows.get(id);
    if (!flow) throw workflowNotFound();
    await requireProjectAccess(ctx, flow.projectId, workflowNotFound);
    return flow;
  };
  const versionOf = async (flowId: string, param: string) => {
    const number = Number(param);
    const version = Number.isInteger(number) && number > 0 ? await deps.versions.get(flowId, number) : null;
    if (!version) throw versionNotFound();
    return version;
  };
  /** a flow may go live only when it could run: no problem and no warning */
  const assertRunnable = (flow: Pick<FlowDocument, 'nodes' | 'edges'>) => {
    const check = validateFlow(flow, deps.catalogue);
    const all = [...check.problems, ...check.warnings];
    if (all.length) throw new HttpError(400, 'invalid_flow', `The flow cannot be deployed: ${all.join('; ')}`, { details: all });
  };
  const answer = (flow: FlowDocument): CheckedFlow => ({ ...flow, problems: [], warnings: [] });
  const deployedBy = (ctx: Context) => {
    const user = ctx.state.user as User;
    return { userId: user.id, email: user.email };
  };
  /** store `content` as the flow's next version and make it the one production runs */
  const deployVersion = async (flow: FlowDocument, content: Omit<FlowVersion, 'flowId' | 'version' | 'deployedAt'>) => {
    await requirePlanForProFields(content.nodes, flow.projectId, deps.catalogue, deps.planOf);
    const version = await deps.versions.create({ ...content, flowId: flow.id });
    const saved = await deps.flows.update(flow.id, (latest) => ({ ...latest, status: 'active', deployedVersion: version.version }));
    return { version, saved };
  };

  router.get('/api/flows/:flowId/versions', async function listVersions(ctx) {
    const flow = await flowOf(ctx, ctx.params.flowId);
    ctx.body = await deps.versions.list(flow.id);
  });

  router.get('/api/flows/:flowId/versions/:version', async function getVersion(ctx) {
    const flow = await flowOf(ctx, ctx.params.flowId);
    ctx.body = await versionOf(flow.id, ctx.params.version);
  });

  /** `{status:'active', note?}`: a new version of the draft, when it could run; `{status:'inactive'}` makes the flow a draft again. */
  router.post('/api/flows/:flowId/deploy', async function deployFlow(ctx) {
    const body = objectBody(ctx);
    if (body.status !== 'active' && body.status !== 'inactive') throw badRequest("status must be 'active' or 'inactive'");
    const note = noteOf(body.note);
    const flow = await flowOf(ctx, ctx.params.flowId);
    if (body.status === 'inactive') {
      ctx.body = answer(flow.status === 'draft' ? flow : await deps.flows.update(flow.id, (latest) => ({ ...latest, status: 'draft' })));
      return;
    }
    assertRunnable(flow);
    const deployed = flow.deployedVersion ? await deps.versions.get(flow.id, flow.deployedVersion) : null;
    if (deployed && changeCount(diffFlows(deployed, flow)) === 0) {
      // nothing changed since the deployed version: no new version, only live again if it was not
      await requirePlanForProFields(flow.nodes, flow.projectId, deps.catalogue, deps.planOf);
      ctx.body = answer(flow.status === 'active' ? flow : await deps.flows.update(flow.id, (latest) => ({ ...latest, status: 'active' })));
      return;
    }
    const { nodes, edges, notes, name } = flow;
    const { saved } = await deployVersion(flow, { name, nodes, edges, ...(notes ? { notes } : {}), note, deployedBy: deployedBy(ctx) });
    ctx.body = answer(saved);
  });

  /** `{note?}`: an older version's content deployed again, as a new version. The draft is left as it is. */
  router.post('/api/flows/:flowId/versions/:version/rollback', async function rollback(ctx) {
    const note = noteOf(objectBody(ctx).note);
    const flow = await flowOf(ctx, ctx.params.flowId);
    const old = await versionOf(flow.id, ctx.params.version);
    assertRunnable(old);
    const { name, nodes, edges, notes } = old;
    const { version } = await deployVersion(flow, { name, nodes, edges, ...(notes ? { notes } : {}), note, deployedBy: deployedBy(ctx), rolledBackFrom: old.version });
    ctx.status = 201;
    ctx.body = version;
  });

  return router;
}
