/** @module runtime/http/routes/runs — test runs, run history, snapshots, events, actors, cancel. */
import Router from '@koa/router';
import type { Engine } from '../../../actors/engine.ts';
import { HttpError } from '../errors.ts';
import { lastEventId, openSse } from '../sse.ts';
import type { RunServices } from '../../run-services.ts';

const runNotFound = () => new HttpError(404, 'not_found', 'Run not found');

export function runsRouter(services: RunServices): Router {
  const { engine } = services;
  const router = new Router();

  router.post('/api/flows/:flowId/runs', async function startTestRun(ctx) {
    const flow = await services.flow(ctx.params.flowId);
    const body = (ctx.request.body ?? {}) as { input?: unknown };
    const plan = services.planFor(flow);
    const runId = await engine.startRun(plan, body.input ?? {}, { mode: 'test' });
    ctx.status = 202;
    ctx.body = { runId };
  });

  router.get('/api/flows/:flowId/runs', async function runHistory(ctx) {
    const flow = await services.flow(ctx.params.flowId);
    const ids = await engine.history(flow.id, Math.min(Number(ctx.query.limit ?? 50) || 50, 500));
    const metas = await Promise.all(ids.map((id) => engine.meta(id)));
    ctx.body = metas
      .filter((m) => m !== null)
      .map(({ runId, status, startedAt, finishedAt, mode, error, failedNode, version }) => ({
        runId, status, startedAt, finishedAt, mode, error, failedNode, version,
      }));
  });

  router.get('/api/runs/:runId', async function runSnapshot(ctx) {
    const snapshot = await engine.snapshot(ctx.params.runId);
    if (!snapshot) throw runNotFound();
    ctx.body = snapshot;
  });

  router.post('/api/runs/:runId/cancel', async function cancelRun(ctx) {
    const status = await engine.cancelRun(ctx.params.runId);
    if (status === 'missing') throw runNotFound();
    ctx.body = { runId: ctx.params.runId, status };
  });

  router.get('/api/runs/:runId/actors', async function runActors(ctx) {
    const actors = await engine.actors(ctx.params.runId);
    if (!actors) throw runNotFound();
    ctx.body = actors;
  });

  router.get('/api/runs/:runId/events', async function runEvents(ctx) {
    if (!(await engine.meta(ctx.params.runId))) throw runNotFound();
    const sse = openSse(ctx);
    void engine
      .follow(ctx.params.runId, lastEventId(ctx), (event) => sse.send(event, event.id), sse.signal)
      .finally(() => sse.close());
  });

  router.get('/api/flows/:flowId/live', async function flowLive(ctx) {
    const flow = await services.flow(ctx.params.flowId);
    followLive(engine, flow.id, openSse(ctx));
  });

  return router;
}

/** Every event of every run of a flow, as it happens (production runs included). */
function followLive(engine: Engine, flowId: string, sse: ReturnType<typeof openSse>): void {
  void engine.listenToFlow(flowId, (event) => sse.send(event)).then((stop) => {
    if (sse.signal.aborted) stop();
    else sse.signal.addEventListener('abort', stop, { once: true });
  });
}
