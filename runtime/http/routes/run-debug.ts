/**
 * @module runtime/http/routes/run-debug — the builder's debug loop (docs/debugging.md):
 * - `POST /api/flows/:flowId/nodes/:nodeId/run {input?, fromRun?}` → the node of the draft run by
 *   itself, with the outputs before it from a past run (`fromRun`) and/or pasted (`input`): its
 *   output or its error.
 * - `GET /api/runs/:a/compare/:b` → two runs of a flow side by side (RunComparison).
 */
import Router from '@koa/router';
import type { ApiKeyStore } from '../../services/stores/api-keys.ts';
import type { RunServices } from '../../core/run-services.ts';
import { compareRuns } from '../../services/run-compare/compare-runs.ts';
import { objectBody } from '../body.ts';
import { badRequest, notFound } from '../errors.ts';
import { refusalAnswer, runAccess, runNotFound } from './run-access.ts';

/** how long `…/nodes/:nodeId/run` waits for the node before answering 202 with the run id */
export const NODE_RUN_WAIT_MS = 60_000;

export function runDebugRouter(services: RunServices, apiKeys: Pick<ApiKeyStore, 'projectOf'>): Router {
  const { engine } = services;
  const router = new Router();
  const { flowOf, checkRun } = runAccess(services, apiKeys);

  router.post('/api/flows/:flowId/nodes/:nodeId/run', async function runOneNode(ctx) {
    const flow = await flowOf(ctx, ctx.params.flowId);
    const { input, fromRun } = objectBody(ctx);
    if (fromRun !== undefined && (typeof fromRun !== 'string' || fromRun === '')) throw badRequest('fromRun: a run id of this flow');
    if (fromRun !== undefined) await checkRun(ctx, fromRun);
    const { nodeId } = ctx.params;
    const { testPlan } = services.compiled(flow);
    if (!testPlan.nodes[nodeId]) throw notFound(`Node '${nodeId}' not found in the flow`);
    const trigger = nodeId === testPlan.trigger;
    if (!trigger && input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
      throw badRequest('input: an object of node id → that node\'s output, for the nodes before this one');
    }
    const runId = await engine.runNode(testPlan, nodeId, { fromRun, outputs: input as Record<string, unknown> | undefined }).catch(refusalAnswer);
    const result = await engine.awaitResult(runId, flow.id, [], NODE_RUN_WAIT_MS);
    if (result.status === 'timeout') {
      ctx.status = 202;
      ctx.body = { runId, nodeId, status: 'running' };
      return;
    }
    const node = (await engine.snapshot(runId))?.nodes[nodeId];
    ctx.body = {
      runId,
      nodeId,
      status: node?.state ?? result.status,
      ...(node?.output !== undefined ? { output: node.output } : {}),
      ...(node?.error ?? result.error ? { error: node?.error ?? result.error } : {}),
      ...(node?.errorKind ?? result.errorKind ? { errorKind: node?.errorKind ?? result.errorKind } : {}),
      ...(node?.durationMs !== undefined ? { durationMs: node.durationMs } : {}),
    };
  });

  router.get('/api/runs/:a/compare/:b', async function compareTwoRuns(ctx) {
    const [a, b] = await Promise.all([checkRun(ctx, ctx.params.a), checkRun(ctx, ctx.params.b)]);
    if (a.flowId !== b.flowId) throw badRequest(`b: run ${b.runId} is a run of another flow than run ${a.runId}`);
    const [left, right] = await Promise.all([engine.snapshot(a.runId), engine.snapshot(b.runId)]);
    if (!left || !right) throw runNotFound();
    ctx.body = compareRuns(left, right);
  });

  return router;
}
