/**
 * @module runtime/oauth/token-call — one POST to a provider's token endpoint through the
 * outbound client (its address policy and timeouts: tests allow their loopback servers with
 * WEFT_OUTBOUND_ALLOW). Answers the tokens, or null when the endpoint refused or failed; the
 * provider's answer is never put into an error text (it may echo a secret).
 */
import { randomUUID } from 'node:crypto';
import type { Outbound } from '../outbound/client.ts';
import { tokensOf, type TokenRequest } from './providers.ts';

export type TokenCall = (request: TokenRequest) => Promise<Record<string, unknown> | null>;

export function tokenCall(outbound: Outbound): TokenCall {
  return async (request) => {
    const binding = { idempotencyKey: `oauth/${randomUUID()}`, signal: () => new AbortController().signal };
    try {
      const answer = await outbound.request({ url: request.url, method: 'POST', headers: request.headers, body: request.body, timeoutSeconds: 30 }, binding);
      return tokensOf(answer.status, answer.text());
    } catch {
      return null;
    }
  };
}
