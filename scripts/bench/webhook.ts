/**
 * @module scripts/bench/webhook — weft end to end over HTTP: `POST /hook/:flowId` on a
 * webhook → variables → response flow called with an API key, with 32 clients each sending its next request as soon
 * as the previous one is answered. The server, its workers and the clients share this process.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import Redis from 'ioredis';
import { join } from 'node:path';
import { percentile } from './stats.ts';

const serverModule = join(import.meta.dirname, '../../runtime/server.ts');

export interface WebhookFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
}

const node = (id: string, type: string, values: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, values });

async function call<T>(url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

interface Target {
  hook: string;
  headers: Record<string, string>;
}

/**
 * Sign in as a fresh user (made in the stores, as the tests do), create a project, an active
 * webhook → variables → response flow and an API key of the project; resolves to the hook URL
 * and the headers a production call sends (the key is checked on every request, as for any
 * integrator).
 */
async function deployFlow(redisUrl: string, prefix: string, base: string): Promise<Target> {
  const { testAccounts } = await import('../../runtime/testing/test-accounts.ts');
  const redis = new Redis(redisUrl);
  try {
    const builder = await testAccounts(redis, prefix, base).createUser({ name: 'Bench' });
    const project = await builder.api<{ id: string }>('POST', '/api/projects', { name: 'Bench' });
    const flow = await builder.api<{ id: string }>('POST', `/api/projects/${project.id}/flows`, {
      name: 'webhook bench',
      nodes: [
        node('webhookTrigger_1', 'webhookTriggerNode', {}),
        node('variables_1', 'variablesNode', { mapping: [{ key: 'n', type: 'number', value: '{{trigger.output.n}}' }] }),
        node('apiResponse_1', 'apiResponseNode', { outputMapping: [{ key: 'n', value: '{{variables_1.output.n}}' }] }),
      ],
      edges: [
        { id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'variables_1', targetHandle: 'in' },
        { id: 'e2', source: 'variables_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' },
      ],
    });
    await builder.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const { key } = await builder.api<{ key: string }>('POST', `/api/projects/${project.id}/api-keys`, { name: 'bench' });
    return { hook: `${base}/hook/${flow.id}`, headers: { authorization: `Bearer ${key}` } };
  } finally {
    redis.disconnect();
  }
}

/** Send `requests` requests from `clients` clients; every answer must echo its own number. */
async function drive({ hook, headers }: Target, requests: number, clients: number): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < requests) {
      const n = next++;
      const sent = performance.now();
      const answer = await call<{ n?: unknown }>(hook, 'POST', { n }, headers);
      latencies.push(performance.now() - sent);
      if (answer.n !== n) throw new Error(`the webhook answered ${JSON.stringify(answer)} to n=${n}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  return { seconds: (performance.now() - started) / 1000, latencies };
}

/** Null when runtime/server.ts is not there (nothing is measured, nothing is made up). */
export async function webhookFigures(redisUrl: string, requests: number, clients: number, concurrency: number): Promise<WebhookFigures | null> {
  if (!existsSync(serverModule)) return null;
  const { startWeft } = await import('../../runtime/server.ts');
  // The bench measures the runtime, not the starter plan: its project gets limits it never reaches.
  const starterLimits = { requests: Number.MAX_SAFE_INTEGER, records: Number.MAX_SAFE_INTEGER };
  const prefix = 'bench-hook:';
  const { staticKeyring } = await import('../../runtime/secrets/server-secret.ts');
  // a throwaway server secret: the bench stores no credential worth keeping
  const keyring = staticKeyring(randomBytes(32).toString('hex'));
  const weft = await startWeft({ redisUrl, prefix, host: '127.0.0.1', port: 0, concurrency, retentionSeconds: 600, starterLimits, keyring });
  try {
    const target = await deployFlow(redisUrl, prefix, weft.url);
    await drive(target, Math.min(200, requests), clients); // warm-up
    const { seconds, latencies } = await drive(target, requests, clients);
    return { requestsPerSecond: requests / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), requests };
  } finally {
    await weft.close();
  }
}
