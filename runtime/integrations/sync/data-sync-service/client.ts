/**
 * @module runtime/integrations/sync/data-sync-service/client — calls to the data-sync service: JSON POSTs
 * under /api/v1 and DELETEs under /api/public/v1, with basic auth, through weft's outbound
 * client (address policy, timeouts). A refusal or a failure throws a DataSyncCallError whose
 * message says what the service answered; the engine turns it into the spec's text.
 */
import { isNodeError, kindOfStatus, NodeError } from '../../../../catalogue/errors.ts';
import type { OutboundClient } from '../../../../catalogue/outbound.ts';
import type { DataSyncSettings } from './settings.ts';

/** discovering a source's schema runs its connector: it may take minutes */
const SLOW_CALLS = new Set(['/api/v1/sources/discover_schema']);

export class DataSyncCallError extends NodeError {
  override name = 'DataSyncCallError';
}

export class DataSyncClient {
  constructor(
    private readonly settings: Pick<DataSyncSettings, 'url' | 'user' | 'password'>,
    private readonly http: OutboundClient,
  ) {}

  private headers(): Record<string, string> {
    const { user, password } = this.settings;
    return {
      accept: 'application/json',
      ...(user && password ? { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` } : {}),
    };
  }

  /** POST {url}{path} with a JSON body; the answer's JSON (2xx), else a DataSyncCallError */
  async post(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const response = await this.send({ path, method: 'POST', body });
    if (!response.ok) throw refusal(path, response.status, response.text());
    const text = response.text();
    if (!text) return {};
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new DataSyncCallError(`POST ${path}: the answer is not JSON`, 'operational');
    }
  }

  /** DELETE {url}{path}: 204 expected (spec 001 §8), any other status is a failure */
  async delete(path: string): Promise<void> {
    const response = await this.send({ path, method: 'DELETE' });
    if (response.status !== 204) throw refusal(path, response.status, response.text(), 'DELETE');
  }

  private async send({ path, method, body }: { path: string; method: string; body?: Record<string, unknown> }) {
    try {
      return await this.http.request({
        url: `${this.settings.url}${path}`,
        method,
        headers: { ...this.headers(), ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        timeoutSeconds: SLOW_CALLS.has(path) ? 300 : 60,
      });
    } catch (error) {
      if (!isNodeError(error)) throw error;
      throw new DataSyncCallError(`${method} ${path}: ${error.message}`, error.kind, { cause: error });
    }
  }
}

function refusal(path: string, status: number, text: string, method = 'POST'): DataSyncCallError {
  return new DataSyncCallError(`${method} ${path}: ${status} ${text.slice(0, 500)}`.trim(), kindOfStatus(status));
}
