/**
 * @module runtime/http/routes/runs — test runs, run history, snapshots, events, actors, cancel,
 * re-runs and breakpoints (docs/debugging.md).
 * A run and its events are also readable with an API key of the run's project (the caller of a
 * webhook that answered 202 follows its run with the key it called with).
 */
import Router from '@koa/router';
import { DebugRefusal, type Engine } from '../../../actors/engine.ts';
import type { RunSummary } from '../../../contract/runs.ts';
import type { ApiKeyStore } from '../../services/stores/api-keys.ts';
import type { FlowTestStore } from '../../services/stores/flow-tests.ts';
import type { RunLogger } from '../../services/logs/run-logger.ts';
import { HttpError } from '../errors.ts';
import { breakpointsOf, debugRequest } from './breakpoint-requests.ts';
import { lastEventId, openSse } from '../sse.ts';
import { refusalAnswer, runAccess, runNotFound } from './run-access.ts';
import type { FlowRef, RunServices } from '../../core/run-services.ts';
import type { Plan } from '../../../actors/types.ts';

export function runsRouter(services: RunServices, apiKeys: Pick<ApiKeyStore, 'projectOf'>, tests?: Pick<FlowTestStore, 'marks'>, logs?: Pick<RunLogger, 'record'>): Router {
  const { engine } = services;
  const router = new Router();
  const { flowOf, checkRun } = runAccess(services, apiKeys);

  router.post('/api/flows/:flowId/runs', async function startTestRun(ctx) {
    const flow = await flowOf(ctx, ctx.params.flowId);
    const body = (ctx.request.body ?? {}) as { input?: unknown; breakpoints?: unknown };
    // a test run: pinned nodes hand on their pinned output instead of running
    const { testPlan } = services.compiled(flow);
    const breakpoints = body.breakpoints === undefined ? undefined : breakpointsOf(body.breakpoints, planEdges(testPlan));
    const runId = await engine.startRun(testPlan, body.input ?? {}, { mode: 'test', breakpoints });
    ctx.status = 202;
    ctx.body = { runId };
  });

  router.get('/api/flows/:flowId/runs', async function runHistory(ctx) {
    const flow = await flowOf(ctx, ctx.params.flowId);
    const ids = await engine.history(flow.id, Math.min(Number(ctx.query.limit ?? 50) || 50, 500));
    const [metas, marks] = await Promise.all([Promise.all(ids.map((id) => engine.meta(id))), tests?.marks(flow.id, ids)]);
    ctx.body = metas
      .filter((m) => m !== null)
      .map(({ runId, status, startedAt, finishedAt, mode, error, errorKind, failedNode, version, deployedVersion, idempotencyKey, rerunOf, singleNode }): RunSummary => {
        const testCase = marks?.get(runId);
        return { runId, status, startedAt, finishedAt, mode, error, errorKind, failedNode, version, deployedVersion, idempotencyKey, ...(rerunOf ? { rerunOf } : {}), ...(singleNode ? { singleNode } : {}), ...(testCase ? { testCase } : {}) };
      });
  });

  router.post('/api/runs/:runId/rerun', async function rerunFromNode(ctx) {
    const source = await checkRun(ctx, ctx.params.runId);
    const request = rerunRequest(ctx.request.body);
    const plan = await rerunPlanOf(services, await flowOf(ctx, source.flowId), request.version, request.mode);
    const { fromNode, inputs, mode, iteration } = request;
    const breakpoints = request.breakpoints === undefined ? undefined : breakpointsOf(request.breakpoints, planEdges(plan));
    const receivedAt = Date.now();
    const { runId, rerunOf } = await engine.rerun(source.runId, plan, fromNode, inputs, { mode, iteration, breakpoints }).catch(refusalAnswer);
    // a production-mode re-run is a production run: the call log records it (once it has ended)
    if (mode === 'production') {
      logs?.record({ flowId: source.flowId, runId, trigger: 'rerun', rerunOf, ...(typeof request.version === 'number' ? { deployedVersion: request.version } : {}), async: true, answerStatus: 202, receivedAt, request: { method: 'POST', path: ctx.path, body: { fromNode } } });
    }
    ctx.status = 202;
    ctx.body = { runId, rerunOf };
  });

  router.put('/api/runs/:runId/breakpoints', async function setBreakpoints(ctx) {
    await checkRun(ctx, ctx.params.runId);
    const body = ctx.request.body as { breakpoints?: unknown } | undefined;
    const breakpoints = breakpointsOf(body?.breakpoints, await engine.runEdges(ctx.params.runId));
    await debugAnswer(() => engine.setBreakpoints(ctx.params.runId, breakpoints));
    ctx.body = { runId: ctx.params.runId, breakpoints: await engine.breakpoints(ctx.params.runId) };
  });

  router.post('/api/runs/:runId/debug', async function debugRun(ctx) {
    await checkRun(ctx, ctx.params.runId);
    const { action, message } = debugRequest(ctx.request.body);
    const after = await debugAnswer(() => engine.debug(ctx.params.runId, action, message));
    ctx.body = { runId: ctx.params.runId, action, ...after };
  });

  router.get('/api/runs/:runId', async function runSnapshot(ctx) {
    await checkRun(ctx, ctx.params.runId);
    const snapshot = await engine.snapshot(ctx.params.runId);
    if (!snapshot) throw runNotFound();
    ctx.body = snapshot;
  });

  router.post('/api/runs/:runId/cancel', async function cancelRun(ctx) {
    await checkRun(ctx, ctx.params.runId);
    const status = await engine.cancelRun(ctx.params.runId);
    if (status === 'missing') throw runNotFound();
    ctx.body = { runId: ctx.params.runId, status };
  });

  router.get('/api/runs/:runId/actors', async function runActors(ctx) {
    await checkRun(ctx, ctx.params.runId);
    const actors = await engine.actors(ctx.params.runId);
    if (!actors) throw runNotFound();
    ctx.body = actors;
  });

  router.get('/api/runs/:runId/events', async function runEvents(ctx) {
    await checkRun(ctx, ctx.params.runId);
    const sse = openSse(ctx);
    void engine
      .follow(ctx.params.runId, lastEventId(ctx), (event) => sse.send(event, event.id), sse.signal)
      .finally(() => sse.close());
  });

  router.get('/api/flows/:flowId/live', async function flowLive(ctx) {
    const flow = await flowOf(ctx, ctx.params.flowId);
    followLive(engine, flow.id, openSse(ctx));
  });

  return router;
}

/** The plan a re-run runs: the draft's or a deployed version's; a test run's hands on pinned outputs, a production run's ignores pins. */
export async function rerunPlanOf(services: RunServices, flow: FlowRef, version: 'draft' | number, mode: 'test' | 'production'): Promise<Plan> {
  const compiled = version === 'draft' ? services.compiled(flow) : await services.deployed(flow, version);
  if (!compiled) throw new HttpError(400, 'invalid_request', `version: the flow has no deployed version ${version}`);
  return mode === 'production' ? compiled.plan : compiled.testPlan;
}

/** The edge ids of a plan: what a test run's breakpoints may name. */
function planEdges(plan: Plan): Set<string> {
  return new Set(Object.values(plan.nodes).flatMap((node) => node.outbound.map((route) => route.edgeId)));
}

/** A breakpoint request's refusal (actors/breakpoints.ts) as its answer: 404 or 409. */
async function debugAnswer<T>(act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    if (error instanceof DebugRefusal) throw new HttpError(error.status, error.status === 404 ? 'not_found' : 'conflict', error.message);
    throw error;
  }
}

interface RerunRequest {
  fromNode: string;
  inputs?: Record<string, unknown>;
  version: 'draft' | number;
  mode: 'test' | 'production';
  /** a node inside a loop body: the iteration to start in (the engine checks it: actors/rerun-scope.ts) */
  iteration?: number;
  /** a test re-run's breakpoints, unchecked: checked against the plan the re-run runs (breakpointsOf) */
  breakpoints?: unknown;
}

/** `POST /api/runs/:id/rerun`'s body, checked: a 400 names the field at fault (the engine checks `iteration` against the source run). */
function rerunRequest(body: unknown): RerunRequest {
  const fault = (message: string) => new HttpError(400, 'invalid_request', message);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw fault('The body must be a JSON object {fromNode, inputs?, version?, mode?, iteration?, breakpoints?}');
  const { fromNode, inputs, version = 'draft', mode = 'test', iteration, breakpoints } = body as Record<string, unknown>;
  if (typeof fromNode !== 'string' || fromNode === '') throw fault('fromNode: a node id is required');
  if (inputs !== undefined && (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs))) throw fault('inputs: an object of node id → replacement message');
  if (version !== 'draft' && !(Number.isInteger(version) && (version as number) > 0)) throw fault("version: 'draft' or a deployed version number");
  if (mode !== 'test' && mode !== 'production') throw fault("mode: 'test' or 'production'");
  // production runs never stop on breakpoints and take none
  if (breakpoints !== undefined && mode === 'production') throw fault('breakpoints: a production re-run takes none; breakpoints are for test runs only');
  return { fromNode, inputs: inputs as Record<string, unknown> | undefined, version: version as 'draft' | number, mode, iteration: iteration as number | undefined, breakpoints };
}

/** Every event of every run of a flow, as it happens (production runs included). */
function followLive(engine: Engine, flowId: string, sse: ReturnType<typeof openSse>): void {
  void engine.listenToFlow(flowId, (event) => sse.send(event)).then((stop) => {
    if (sse.signal.aborted) stop();
    else sse.signal.addEventListener('abort', stop, { once: true });
  });
}
