/**
 * @module runtime/http/routes/hooks — the webhook trigger: POST /hook/:flowId. A production
 * call: it needs `Authorization: Bearer <API key>` of the flow's project unless the builder
 * marked the webhook trigger public.
 */
import Router from '@koa/router';
import type { PlanNode } from '../../../actors/types.ts';
import { checkProjectKey } from '../../auth/api-key-check.ts';
import { logProductionCalls } from '../../logs/call-logging.ts';
import type { RunServices } from '../../run-services.ts';
import type { ApiKeyStore } from '../../stores/api-keys.ts';
import { HttpError } from '../errors.ts';

/** How long a realtime caller waits for the response node before getting the run id instead. */
const realtimeTimeoutMs = 30_000;

/** A webhook trigger the builder switched to public (the field's default is off). */
export const isPublicWebhook = (trigger: PlanNode) => trigger.type === 'webhookTriggerNode' && trigger.values?.public === true;

export function hooksRouter(services: RunServices, deps: { apiKeys: Pick<ApiKeyStore, 'verify'> }): Router {
  const router = new Router();
  router.post('/hook/:flowId', logProductionCalls(services, 'webhook'), async function webhook(ctx) {
    const flow = await services.activeFlow(ctx.params.flowId);
    const plan = services.planFor(flow);
    const trigger = plan.nodes[plan.trigger];
    if (!isPublicWebhook(trigger)) {
      try {
        await checkProjectKey(deps.apiKeys, flow.projectId, ctx.get('authorization'));
      } catch (error) {
        ctx.set('WWW-Authenticate', 'Bearer');
        throw error;
      }
    }
    if (trigger.type !== 'webhookTriggerNode') {
      throw new HttpError(400, 'wrong_trigger', `Flow ${flow.id} is not started by a webhook (its trigger is ${trigger.type})`);
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
