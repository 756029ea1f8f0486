/**
 * @module runtime/http/routes/versions — deploying and a flow's deployed versions
 * (contract/versions.ts; the work is runtime/services/flows/deployments.ts):
 * - `POST /api/flows/:flowId/deploy` `{status: 'active', note?, testsOverride?}` → a new version of the draft
 *   (a flow whose tests must pass runs them first: docs/flow-tests.md),
 *   deployed; `{status: 'inactive'}` stops production (the flow is a draft again, its versions stay).
 *   Both answer the flow (CheckedFlow).
 * - `GET /api/flows/:flowId/versions` → FlowVersionSummary[], newest first.
 * - `GET /api/flows/:flowId/versions/:version` → FlowVersion.
 * - `POST /api/flows/:flowId/versions/:version/rollback` `{note?}` → a new version repeating
 *   that one's content, deployed; answers the flow (CheckedFlow). The draft is left as it is.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { FlowDocument } from '../../../contract/flow-document.ts';
import type { FlowVersionSummary } from '../../../contract/versions.ts';
import { requireProjectAccess } from '../../services/auth/access.ts';
import type { CatalogueView } from '../../services/flows/catalogue-view.ts';
import { Deployments, type Deployer, type DeploymentHooks } from '../../services/flows/deployments.ts';
import { publicVersion, versionNotFound, versionNumber, type FlowVersionStore } from '../../services/stores/flow-versions.ts';
import type { FlowStore } from '../../services/stores/flows.ts';
import type { PlanOf } from '../../services/usage/plan-of.ts';
import { objectBody } from '../body.ts';
import { badRequest } from '../errors.ts';
import { checkedFlow, flowOfUser } from './flows.ts';

export const MAX_VERSION_NOTE = 1000;

function noteOf(note: unknown): string {
  if (note === undefined || note === null) return '';
  if (typeof note !== 'string' || note.length > MAX_VERSION_NOTE) throw badRequest(`note must be text of at most ${MAX_VERSION_NOTE} characters`);
  return note.trim();
}

/** the signed-in user (the session gate put them on ctx.state) */
function deployerOf(ctx: Context): Deployer {
  const user = ctx.state.user as { id: string; email: string };
  return { userId: user.id, email: user.email };
}

/**
 * A flow whose tests must pass before a deploy (runtime/core/flow-tests/deploy-gate.ts): resolves
 * when the deploy may go on (with the override the version records), else throws the refusal.
 */
export type DeployGate = (flow: FlowDocument, override: unknown, role: string) => Promise<FlowVersionSummary['testsOverride'] | undefined>;

export function versionsRouter(deps: { catalogue: CatalogueView; flows: FlowStore; versions: FlowVersionStore; planOf: PlanOf; hooks?: readonly DeploymentHooks[]; gate?: DeployGate }): Router {
  const router = new Router();
  const deployments = new Deployments(deps);
  const flowOf = (ctx: Context) => flowOfUser(ctx, deps.flows, ctx.params.flowId);

  router.post('/api/flows/:flowId/deploy', async function deployFlow(ctx) {
    const body = objectBody(ctx);
    if (body.status !== 'active' && body.status !== 'inactive') throw badRequest("status must be 'active' or 'inactive'");
    const note = noteOf(body.note);
    const flow = await flowOf(ctx);
    if (body.status !== 'active') {
      ctx.body = checkedFlow(await deployments.stop(flow), deps.catalogue);
      return;
    }
    const role = deps.gate ? (await requireProjectAccess(ctx, flow.projectId)).role : '';
    const override = await deps.gate?.(flow, body.testsOverride, role);
    const saved = await deployments.deploy(flow, deployerOf(ctx), note, override);
    ctx.body = checkedFlow(saved, deps.catalogue);
  });

  router.get('/api/flows/:flowId/versions', async function listVersions(ctx) {
    const flow = await flowOf(ctx);
    ctx.body = await deps.versions.list(flow.id);
  });

  router.get('/api/flows/:flowId/versions/:version', async function getVersion(ctx) {
    const version = versionNumber(ctx.params.version);
    const flow = await flowOf(ctx);
    const found = await deps.versions.get(flow.id, version);
    if (!found) throw versionNotFound(flow.id, version, await deps.versions.newest(flow.id));
    ctx.body = publicVersion(found);
  });

  router.post('/api/flows/:flowId/versions/:version/rollback', async function rollback(ctx) {
    const version = versionNumber(ctx.params.version);
    const note = noteOf(objectBody(ctx).note);
    const flow = await flowOf(ctx);
    ctx.body = checkedFlow(await deployments.rollback(flow, version, deployerOf(ctx), note), deps.catalogue);
  });

  return router;
}
