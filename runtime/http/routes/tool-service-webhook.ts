/**
 * @module runtime/integrations/tool-service/trigger-webhook — `POST /hooks/tool-service`: the one endpoint the
 * tool-execution service calls when a subscribed trigger fires (configure it as the project's
 * webhook URL at the service). The call is checked against the service's signature
 * (webhook-signature.ts, WEFT_TOOL_SERVICE_WEBHOOK_SECRET; 401 otherwise), a delivery id seen
 * before is answered without a second run, and the event's trigger id names the flow
 * (trigger-subscriptions.ts). The answer comes at once (202); the run is a production call of the
 * flow's deployed version through the `app` door, which goes on without the caller.
 * Payloads of the service's three webhook versions are read: V3 `{metadata: {trigger_id}, data}`,
 * V2 `{data: {trigger_id, …}}`, V1 `{trigger_id, payload}`.
 */
import Router from '@koa/router';
import type Redis from 'ioredis';
import type { ProductionCalls } from '../../core/calls/production-call.ts';
import { HttpError } from '../errors.ts';
import type { TriggerSubscriptions } from '../../integrations/tool-service/trigger-subscriptions.ts';
import { verifyWebhook } from '../../integrations/tool-service/webhook-signature.ts';

export interface TriggerWebhookDeps {
  calls: Pick<ProductionCalls, 'call'>;
  subscriptions: Pick<TriggerSubscriptions, 'byTriggerId'>;
  redis: Redis;
  prefix: string;
  webhookSecret?: string;
}

const object = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** the trigger id and the event's own data, whatever the webhook version */
export function eventOf(body: unknown): { triggerId?: string; data: Record<string, unknown> } {
  const all = object(body);
  const metadata = object(all.metadata);
  const data = object(all.data);
  const triggerId = text(metadata.trigger_id) ?? text(data.trigger_id) ?? text(all.trigger_id);
  if (all.payload !== undefined) return { triggerId, data: object(all.payload) };
  return { triggerId, data };
}

/** How long a delivery id is remembered (the service retries within minutes). */
const SEEN_SECONDS = 24 * 3600;

export function triggerWebhookRouter(deps: TriggerWebhookDeps): Router {
  const router = new Router();
  router.post('/hooks/tool-service', async function toolServiceEvent(ctx) {
    if (!deps.webhookSecret) throw new HttpError(503, 'not_configured', 'The tool-execution service webhook is not configured on this server (WEFT_TOOL_SERVICE_WEBHOOK_SECRET)');
    const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
    const id = ctx.get('webhook-id');
    const signed = verifyWebhook(deps.webhookSecret, { id, timestamp: ctx.get('webhook-timestamp'), signature: ctx.get('webhook-signature') }, raw);
    if (!signed) throw new HttpError(401, 'invalid_signature', 'Invalid webhook signature');
    const fresh = await deps.redis.set(`${deps.prefix}tool-trigger:seen:${id}`, '1', 'EX', SEEN_SECONDS, 'NX');
    if (fresh === null) {
      ctx.body = { status: 'duplicate' };
      return;
    }
    const event = eventOf(ctx.request.body);
    const found = event.triggerId ? await deps.subscriptions.byTriggerId(event.triggerId) : null;
    if (!found) {
      ctx.body = { status: 'ignored', message: 'No deployed flow subscribes to this trigger' };
      return;
    }
    const { flowId, subscription } = found;
    void deps.calls
      .call({
        flowId,
        policy: { door: 'app', access: { by: 'project', projectId: subscription.projectId }, waitMs: 0, late: 'follow' },
        input: () => event.data,
        request: { method: ctx.method, path: ctx.path, body: ctx.request.body },
      })
      .catch((error: unknown) => console.warn(`weft: trigger ${event.triggerId} of flow ${flowId} did not start a run: ${(error as Error).message}`));
    ctx.status = 202;
    ctx.body = { status: 'accepted' };
  });
  return router;
}
