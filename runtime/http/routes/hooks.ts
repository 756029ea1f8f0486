/** @module runtime/http/routes/hooks — the webhook trigger: POST /hook/:flowId. */
import Router from '@koa/router';
import { HttpError } from '../errors.ts';
import { logProductionCalls } from '../../logs/call-logging.ts';
import type { RunServices } from '../../run-services.ts';

/** How long a realtime caller waits for the response node before getting the run id instead. */
const realtimeTimeoutMs = 30_000;

export function hooksRouter(services: RunServices): Router {
  const router = new Router();
  router.post('/hook/:flowId', logProductionCalls(services, 'webhook'), async function webhook(ctx) {
    const flow = await services.activeFlow(ctx.params.flowId);
    const plan = services.planFor(flow);
    if (plan.nodes[plan.trigger].type !== 'webhookTriggerNode') {
      throw new HttpError(400, 'wrong_trigger', `Flow ${flow.id} is not started by a webhook (its trigger is ${plan.nodes[plan.trigger].type})`);
    }
    const input = ctx.request.body ?? {};
    await services.countProductionRequest(flow.projectId);
    const runId = await services.engine.startRun(plan, input, { mode: 'production' });
    const responses = Object.values(plan.nodes).filter((n) => n.role === 'response').map((n) => n.id);
    ctx.set('X-Weft-Run-Id', runId);
    if (responses.length === 0) {
      ctx.status = 202;
      ctx.body = { runId, status: 'running' };
      return;
    }
    const result = await services.engine.awaitResult(runId, flow.id, responses, realtimeTimeoutMs);
    if (result.status === 'responded' || result.status === 'completed' || result.status === 'incomplete') {
      ctx.body = result.output ?? null;
      return;
    }
    if (result.status === 'timeout') {
      ctx.status = 202;
      ctx.body = { runId, status: 'running' };
      return;
    }
    throw new HttpError(500, `run_${result.status}`, result.error ?? `Run ${result.status}`, { runId });
  });
  return router;
}
