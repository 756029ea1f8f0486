/**
 * @module runtime/services/logs/publisher — export log records to an HTTP log publisher (spec 002 §7):
 * `POST {publisher}/logs` with `Authorization: Bearer <key>` and `{credential_type:
 * 'big-query', payload: <record>}`. Configured by WEFT_LOG_PUBLISHER_URL / _KEY; callers
 * swallow its failures (spec: logging failures are swallowed).
 */
import type { LogRecord } from '../../../contract/logs.ts';

export interface LogPublisherConfig {
  /** the publisher's base URL; records go to `{url}/logs` */
  url: string;
  /** the bearer key; sent only to the publisher, never logged */
  key?: string;
  /** give up after this long; default 5 s */
  timeoutMs?: number;
}

export type PublishLog = (record: LogRecord) => Promise<void>;

/** A function that POSTs one record; it throws on a network error, a timeout or a non-2xx answer. */
export function logPublisher(config: LogPublisherConfig): PublishLog {
  const endpoint = `${config.url.replace(/\/+$/, '')}/logs`;
  return async function publishLog(record) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (config.key) headers.authorization = `Bearer ${config.key}`;
    // Plain fetch, outside the outbound address policy: the URL is the operator's (WEFT_LOG_PUBLISHER_URL), never a builder's.
    const response = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify({ credential_type: 'big-query', payload: record }),
      signal: AbortSignal.timeout(config.timeoutMs ?? 5000),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`the log publisher answered ${response.status}`);
  };
}
