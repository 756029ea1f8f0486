/**
 * @module scripts/bench/webhook — weft end to end over HTTP: `POST /hook/:flowId` on a
 * webhook → variables → response flow called with an API key, with 32 clients each sending its next request as soon
 * as the previous one is answered. The server, its workers and the clients share this process.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import Redis from 'ioredis';
import { join } from 'node:path';
import { closedLoop, type Load } from './load.ts';
import { percentile } from './stats.ts';

const serverModule = join(import.meta.dirname, '../../runtime/server.ts');

export interface WebhookFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
}

export const flowNode = (id: string, type: string, values: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, values });

export interface Target {
  hook: string;
  headers: Record<string, string>;
}

/** A flow to create and deploy: webhook trigger → … → API response. */
export interface BenchFlow {
  name: string;
  nodes: ReturnType<typeof flowNode>[];
  edges: { id: string; source: string; sourceHandle: string; target: string; targetHandle: string }[];
}

/** Edges joining `ids` in a line, each `out` to the next's `in`. */
export const chainEdges = (ids: string[]): BenchFlow['edges'] =>
  ids.slice(1).map((target, i) => ({ id: `e${i + 1}`, source: ids[i], sourceHandle: 'out', target, targetHandle: 'in' }));

/** webhook → variables → API response, echoing the body's `n`. */
export const echoFlow: BenchFlow = {
  name: 'webhook bench',
  nodes: [
    flowNode('webhookTrigger_1', 'webhookTriggerNode', {}),
    flowNode('variables_1', 'variablesNode', { mapping: [{ key: 'n', type: 'number', value: '{{trigger.output.n}}' }] }),
    flowNode('apiResponse_1', 'apiResponseNode', { outputMapping: [{ key: 'n', value: '{{variables_1.output.n}}' }] }),
  ],
  edges: chainEdges(['webhookTrigger_1', 'variables_1', 'apiResponse_1']),
};

/**
 * Sign in as a fresh user (made in the stores, as the tests do), create a project, `flow`
 * (active) and an API key of the project; resolves to the hook URL and the headers a production
 * call sends (the key is checked on every request, as for any integrator).
 */
export async function deployFlow(redisUrl: string, prefix: string, base: string, flow: BenchFlow = echoFlow): Promise<Target> {
  const { testAccounts } = await import('../../runtime/testing/test-accounts.ts');
  const redis = new Redis(redisUrl);
  try {
    const builder = await testAccounts(redis, prefix, base).createUser({ name: 'Bench' });
    const project = await builder.api<{ id: string }>('POST', '/api/projects', { name: 'Bench' });
    const created = await builder.api<{ id: string }>('POST', `/api/projects/${project.id}/flows`, flow);
    await builder.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
    const { key } = await builder.api<{ key: string }>('POST', `/api/projects/${project.id}/api-keys`, { name: 'bench' });
    return { hook: `${base}/hook/${created.id}`, headers: { authorization: `Bearer ${key}` } };
  } finally {
    redis.disconnect();
  }
}

/** Send `requests` requests from `clients` clients; every answer must echo its own number. */
function drive({ hook, headers }: Target, requests: number, clients: number): Promise<Load> {
  const check = (answer: unknown, n: number) => ((answer as { n?: unknown }).n === n ? null : `answered ${JSON.stringify(answer)} to n=${n}`);
  return closedLoop({ url: hook, headers, body: (n) => ({ n }), check }, clients, { requests });
}

/** Null when runtime/server.ts is not there (nothing is measured, nothing is made up). */
export async function webhookFigures(redisUrl: string, requests: number, clients: number, concurrency: number): Promise<WebhookFigures | null> {
  if (!existsSync(serverModule)) return null;
  const { startWeft } = await import('../../runtime/server.ts');
  // The bench measures the runtime, not the starter plan: its project gets limits it never reaches.
  const starterLimits = { requests: Number.MAX_SAFE_INTEGER, records: Number.MAX_SAFE_INTEGER };
  const prefix = 'bench-hook:';
  const { staticKeyring } = await import('../../runtime/services/secrets/server-secret.ts');
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
