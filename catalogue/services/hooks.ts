/**
 * @module catalogue/services/hooks — the project's deployed flows called as webhooks
 * (`ctx.services.hooks`), through the one production-call path (runtime/core/calls/production-call.ts),
 * as `POST /hook/:flowId` would call them (the crawl nodes' webhook events).
 */

/** A flow of the project called as its webhook is: a production call, not awaited to its end. */
export interface HookAccess {
  /** resolves once the call is admitted and its run started; throws 'Workflow not found' and the other refusals */
  call(flowId: string, body: unknown): Promise<{ runId: string }>;
}
