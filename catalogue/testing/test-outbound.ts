/**
 * @module catalogue/testing/test-outbound — where the node test harness gets its `ctx.http`:
 * the runtime's real outbound client, handed in by the test set-up (runtime/testing/
 * harness-outbound.ts, a vitest setup file), so catalogue/ never imports runtime/.
 */
import type { OutboundClient } from '../outbound.ts';

/** A client under an allow list (WEFT_OUTBOUND_ALLOW entries), bound to one actor as the runner binds it. */
export type TestOutbound = (allow: string[] | undefined, actor: { idempotencyKey: string; signal(): AbortSignal }) => OutboundClient;

let provided: TestOutbound | undefined;

export function provideTestOutbound(outbound: TestOutbound): void {
  provided = outbound;
}

export function testOutbound(allow: string[] | undefined, actor: { idempotencyKey: string; signal(): AbortSignal }): OutboundClient {
  if (!provided) throw new Error('No outbound client for node tests: vitest.config.ts lists runtime/testing/harness-outbound.ts in setupFiles');
  return provided(allow, actor);
}
