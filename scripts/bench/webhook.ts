/**
 * @module scripts/bench/webhook — weft end to end over HTTP: `POST /hook/:flowId` on a
 * webhook → variables → response flow, with 32 clients each sending its next request as soon
 * as the previous one is answered. The server, its workers and the clients share this process.
 */
import { existsSync } from 'node:fs';
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

async function call<T>(url: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Create a project and an active webhook → variables → response flow; resolves to its hook URL. */
async function deployFlow(base: string): Promise<string> {
  const project = await call<{ id: string }>(`${base}/api/projects`, 'POST', { name: 'Bench' });
  const flow = await call<{ id: string }>(`${base}/api/projects/${project.id}/flows`, 'POST', {
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
  await call(`${base}/api/flows/${flow.id}/deploy`, 'POST', { status: 'active' });
  return `${base}/hook/${flow.id}`;
}

/** Send `requests` requests from `clients` clients; every answer must echo its own number. */
async function drive(hook: string, requests: number, clients: number): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < requests) {
      const n = next++;
      const sent = performance.now();
      const answer = await call<{ n?: unknown }>(hook, 'POST', { n });
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
  const weft = await startWeft({ redisUrl, prefix: 'bench-hook:', host: '127.0.0.1', port: 0, concurrency, retentionSeconds: 600, starterLimits });
  try {
    const hook = await deployFlow(weft.url);
    await drive(hook, Math.min(200, requests), clients); // warm-up
    const { seconds, latencies } = await drive(hook, requests, clients);
    return { requestsPerSecond: requests / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), requests };
  } finally {
    await weft.close();
  }
}
