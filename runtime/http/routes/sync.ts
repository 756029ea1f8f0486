/**
 * @module runtime/integrations/sync/sync-routes — a data-source flow's sync job over HTTP, for the studio
 * and scripts; each route reaches the flow through its project (404 'Workflow not found' for
 * another organisation's, as the flow routes do):
 * - `GET /api/flows/:flowId/sync` → SyncJobState (its `config` is the flow's sync config record);
 * - `POST /api/flows/:flowId/sync/pause` and `…/resume` → SyncJobState;
 * - `POST /api/flows/:flowId/sync/run` → 202 `{syncId}` (the sync under way's, if one runs).
 * A flow without a job answers the actions 400 'Invalid operation'.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { flowOfUser } from './flows.ts';
import type { FlowStore } from '../../services/stores/flows.ts';
import type { SyncJobs } from '../../integrations/sync/sync-jobs.ts';

export function syncRouter(deps: { flows: FlowStore; jobs: SyncJobs }): Router {
  const router = new Router();
  const flowOf = (ctx: Context) => flowOfUser(ctx, deps.flows, ctx.params.flowId);

  router.get('/api/flows/:flowId/sync', async function syncState(ctx) {
    const flow = await flowOf(ctx);
    ctx.body = await deps.jobs.state(flow.id);
  });

  router.post('/api/flows/:flowId/sync/pause', async function pauseSync(ctx) {
    const flow = await flowOf(ctx);
    ctx.body = await deps.jobs.pause(flow.id);
  });

  router.post('/api/flows/:flowId/sync/resume', async function resumeSync(ctx) {
    const flow = await flowOf(ctx);
    ctx.body = await deps.jobs.resume(flow.id);
  });

  router.post('/api/flows/:flowId/sync/run', async function runSyncNow(ctx) {
    const flow = await flowOf(ctx);
    ctx.status = 202;
    ctx.body = { syncId: await deps.jobs.runNow(flow.id) };
  });

  return router;
}
