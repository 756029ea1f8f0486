/**
 * @module runtime/http/routes/hooks — the webhook trigger: POST /hook/:flowId, a production
 * call (runtime/calls/production-call.ts) of the flow's deployed version; `/hook/:flowId@:version`
 * calls the given deployed version (404 naming the versions there are when it has no such one).
 * It needs `Authorization: Bearer <API key>` of the flow's project unless the builder marked the
 * webhook trigger public.
 */
import Router from '@koa/router';
import { REALTIME_WAIT_MS, type ProductionCalls } from '../../calls/production-call.ts';
import { UnauthorizedError } from '../../domain-errors.ts';
import { versionNumber } from '../../stores/flow-versions.ts';
import { runFailure } from '../errors.ts';

export function hooksRouter(calls: ProductionCalls): Router {
  const router = new Router();
  router.post('/hook/:flowId', async function webhook(ctx) {
    const body: unknown = ctx.request.body ?? {};
    const named = ctx.params.flowId;
    const at = named.indexOf('@');
    const flowId = at < 0 ? named : named.slice(0, at);
    const version = at < 0 ? undefined : named.slice(at + 1);
    const outcome = await calls
      .call({
        flowId,
        ...(version !== undefined ? { version: versionNumber(version) } : {}),
        policy: { door: 'webhook', access: { by: 'apiKey', authorization: ctx.get('authorization') }, waitMs: REALTIME_WAIT_MS, late: 'follow' },
        input: () => body,
        request: { method: ctx.method, path: ctx.path, body },
      })
      .catch((error: unknown) => {
        if (error instanceof UnauthorizedError) ctx.set('WWW-Authenticate', 'Bearer');
        throw error;
      });
    ctx.set('X-Weft-Run-Id', outcome.runId);
    // a run stopped as not complete (a cloud-drive read, spec 000 §4) still answers its output
    if (outcome.status === 'answered' && outcome.incomplete) ctx.set('X-Weft-Run-Status', 'incomplete');
    if (outcome.status === 'answered') ctx.body = outcome.output;
    else if (outcome.status === 'running') {
      ctx.status = 202;
      ctx.body = { runId: outcome.runId, status: 'running' };
    } else throw runFailure(outcome.runId, outcome.failure);
  });
  return router;
}
