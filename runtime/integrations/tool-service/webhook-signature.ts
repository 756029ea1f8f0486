/**
 * @module runtime/integrations/tool-service/webhook-signature — how the tool-execution service signs the
 * webhooks it sends (its documented scheme, that of Standard Webhooks): headers `webhook-id`,
 * `webhook-timestamp` (Unix seconds) and `webhook-signature` = `v1,<base64 HMAC-SHA256(secret,
 * "{id}.{timestamp}.{raw body}")>` (several space-separated during a secret rotation). A
 * timestamp more than 5 minutes away is refused, so a captured call cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string, id: string, timestamp: string, body: string): string {
  return `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export function verifyWebhook(
  secret: string,
  headers: { id?: string; timestamp?: string; signature?: string },
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, id, timestamp, body));
  return signature.split(' ').some((given) => {
    const candidate = Buffer.from(given.trim());
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
}
