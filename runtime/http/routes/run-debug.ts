/**
 * @module runtime/http/routes/run-debug — the builder's debug loop (docs/debugging.md):
 * - `POST /api/flows/:flowId/nodes/:nodeId/run {input?, fromRun?}` → the node of the draft run by
 *   itself, with the outputs before it from a past run (`fromRun`) and/or pasted (`input`): its
 *   output or its error.
 * - `GET /api/runs/:a/compare/:b` → two runs of a flow side by side (RunComparison).
 * - `GET /api/runs/:runId/rerun-plan?fromNode=&version=&mode=` → what a re-run from that node
 *   would run again, which of those call out of weft (NodeDefinition.sideEffects), and which
 *   recorded outputs it would start from (RerunPlan).
 */
import Router from '@koa/router';
import { nodesRunAgain, rerunScope } from '../../../actors/rerun-scope.ts';
import type { Plan } from '../../../actors/types.ts';
import type { NodeRunAnswer, RerunPlan } from '../../../contract/run-compare.ts';
import type { CatalogueView } from '../../services/flows/catalogue-view.ts';
import type { ApiKeyStore } from '../../services/stores/api-keys.ts';
import type { RunServices } from '../../core/run-services.ts';
import { compareRuns } from '../../services/run-compare/compare-runs.ts';
import { objectBody } from '../body.ts';
import { badRequest, notFound } from '../errors.ts';
import { refusalAnswer, runAccess, runNotFound } from './run-access.ts';
import { rerunPlanOf } from './runs.ts';

/** how long `…/nodes/:nodeId/run` waits for the node before answering 202 with the run id */
export const NODE_RUN_WAIT_MS = 60_000;

export function runDebugRouter(services: RunServices, apiKeys: Pick<ApiKeyStore, 'projectOf'>, catalogue: Pick<CatalogueView, 'get'>): Router {
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
      ctx.body = { runId, nodeId, status: 'running' } satisfies NodeRunAnswer;
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
    } satisfies NodeRunAnswer;
  });

  router.get('/api/runs/:a/compare/:b', async function compareTwoRuns(ctx) {
    const [a, b] = await Promise.all([checkRun(ctx, ctx.params.a), checkRun(ctx, ctx.params.b)]);
    if (a.flowId !== b.flowId) throw badRequest(`b: run ${b.runId} is a run of another flow than run ${a.runId}`);
    const [left, right] = await Promise.all([engine.snapshot(a.runId), engine.snapshot(b.runId)]);
    if (!left || !right) throw runNotFound();
    ctx.body = compareRuns(left, right);
  });

  router.get('/api/runs/:runId/rerun-plan', async function rerunPlan(ctx) {
    const source = await checkRun(ctx, ctx.params.runId);
    const { fromNode, version, mode } = planQuery(ctx.query);
    const plan = await rerunPlanOf(services, await flowOf(ctx, source.flowId), version, mode);
    try {
      ctx.body = rerunPlanFor(plan, fromNode, version, mode, catalogue);
    } catch (error) {
      refusalAnswer(error);
    }
  });

  return router;
}

/** The re-run plan's query, checked: a 400 names the parameter at fault. */
function planQuery(query: Record<string, unknown>): { fromNode: string; version: 'draft' | number; mode: 'test' | 'production' } {
  const { fromNode, version = 'draft', mode = 'test' } = query;
  if (typeof fromNode !== 'string' || fromNode === '') throw badRequest('fromNode: a node id is required');
  if (version !== 'draft' && !(typeof version === 'string' && /^[1-9][0-9]{0,8}$/.test(version))) throw badRequest("version: 'draft' or a deployed version number");
  if (mode !== 'test' && mode !== 'production') throw badRequest("mode: 'test' or 'production'");
  return { fromNode, version: version === 'draft' ? 'draft' : Number(version), mode };
}

/** What a re-run of `plan` from `fromNode` runs again and starts from (actors/rerun-seed.ts decides the same). */
function rerunPlanFor(plan: Plan, fromNode: string, version: 'draft' | number, mode: 'test' | 'production', catalogue: Pick<CatalogueView, 'get'>): RerunPlan {
  const scope = rerunScope(plan, fromNode);
  // from inside a loop body, the body's nodes before fromNode run again in the iterations after the chosen one
  const again = nodesRunAgain(scope);
  const ids = Object.keys(plan.nodes);
  const node = (id: string) => ({ nodeId: id, type: plan.nodes[id].type, label: catalogue.get(plan.nodes[id].type)?.label ?? plan.nodes[id].type });
  const rerun = ids.filter((id) => again.has(id));
  const callsOut = rerun.flatMap((id) => {
    const sideEffects = catalogue.get(plan.nodes[id].type)?.sideEffects;
    if (!sideEffects) return [];
    const { pinned, disabled } = plan.nodes[id];
    return [{ ...node(id), sideEffects, ...(pinned ? { pinned: true as const } : {}), ...(disabled ? { disabled: true as const } : {}) }];
  });
  // the nodes not run again whose messages reach a node that is: the outputs the re-run starts from
  const inputs = ids.filter((id) => !scope.again.has(id) && plan.nodes[id].outbound.some((r) => scope.again.has(r.target)));
  return { fromNode, version, mode, rerun: rerun.map(node), callsOut, inputs: inputs.map(node) };
}
