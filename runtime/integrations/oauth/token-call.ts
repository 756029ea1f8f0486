/**
 * @module runtime/integrations/oauth/token-call — one POST to a provider's token endpoint through the
 * outbound client (its address policy and timeouts: tests allow their loopback servers with
 * WEFT_OUTBOUND_ALLOW). Answers the tokens, or null when the endpoint refused or failed; the
 * provider's answer is never put into an error text (it may echo a secret).
 */
import { randomUUID } from 'node:crypto';
import type { Outbound } from '../../services/outbound/client.ts';
import { tokensOf, type TokenRequest } from './providers.ts';

export type TokenCall = (request: TokenRequest) => Promise<Record<string, unknown> | null>;

export function tokenCall(outbound: Outbound): TokenCall {
  return async (request) => {
    const binding = { idempotencyKey: `oauth/${randomUUID()}`, signal: () => new AbortController().signal };
    try {
      const answer = await outbound.request({ url: request.url, method: 'POST', headers: request.headers, body: request.body, timeoutSeconds: 30 }, binding);
      const tokens = tokensOf(answer.status, answer.text());
      // for the operator: the endpoint, its status and its error code (OAuth error codes hold no secret)
      if (!tokens) console.warn(`[weft] OAuth token endpoint ${new URL(request.url).origin}${new URL(request.url).pathname} refused: ${answer.status} ${errorCode(answer.text())}`);
      return tokens;
    } catch (error) {
      console.warn(`[weft] OAuth token endpoint ${new URL(request.url).origin} failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };
}

/** `error` of an OAuth error answer when it is a plain code (`invalid_grant`…), else '' */
function errorCode(text: string): string {
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    return typeof error === 'string' && /^[a-z_]{1,64}$/.test(error) ? error : '';
  } catch {
    return '';
  }
}
