/**
 * @module runtime/core/calls/flow-hooks — a node calling a flow of its project as that flow's webhook
 * (`ctx.services.hooks`: the crawl nodes' webhook events): the same production call `POST /hook/:flowId`
 * makes (runtime/core/calls/production-call.ts) — the flow's deployed version, its webhook trigger,
 * the plan's request count, one production log record — with the project as the caller (no API
 * key: the node belongs to the project). It does not wait for the flow's answer.
 */
import type { HookAccess } from '../../../catalogue/services/hooks.ts';
import type { ProductionCalls } from './production-call.ts';

export function flowHooks(calls: () => ProductionCalls | undefined, projectId: string): HookAccess {
  return {
    async call(flowId, body) {
      const production = calls();
      if (!production) throw new Error('flows are called as webhooks only in a process that serves them (role all or server)');
      const outcome = await production.call({
        flowId,
        policy: { door: 'webhook', access: { by: 'project', projectId }, waitMs: 0, late: 'follow' },
        input: () => body,
        request: { method: 'POST', path: `/hook/${flowId}`, body },
        variant: (admitted) => ({ plan: admitted.compiled.plan, async: true }),
      });
      if (outcome.status === 'failed') throw new Error(outcome.failure.message);
      return { runId: outcome.runId };
    },
  };
}
