/**
 * @module scripts/bench/graphql — weft's GraphQL API end to end over HTTP: `POST /graphql`
 * `executeWorkflow` on a realtime GraphQL trigger → GraphQL response flow, each call with the
 * project's API key, from 32 clients each sending its next request as soon as the previous one
 * is answered. The server, its workers and the clients share this process, as in webhook.ts.
 */
import Redis from 'ioredis';
import { percentile, fixed, times, type Row } from './stats.ts';

export interface GraphqlFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
}

const node = (id: string, type: string, values: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, values });

const QUERY = 'query Run($id: String!, $payload: JSON!) { executeWorkflow(workflowId: $id, payload: $payload) { status result } }';

interface Target {
  url: string;
  headers: Record<string, string>;
  workflowId: string;
}

/**
 * Sign in as a fresh user (made in the stores, as the tests do), create a project, an active
 * trigger → response flow and an API key over the HTTP API; resolves to what a call sends.
 */
async function deployFlow(redisUrl: string, prefix: string, base: string): Promise<Target> {
  const { testAccounts } = await import('../../runtime/testing/test-accounts.ts');
  const redis = new Redis(redisUrl);
  try {
    const builder = await testAccounts(redis, prefix, base).createUser({ name: 'Bench' });
    const project = await builder.api<{ id: string }>('POST', '/api/projects', { name: 'GraphQL bench' });
    const flow = await builder.api<{ id: string }>('POST', `/api/projects/${project.id}/flows`, {
      name: 'graphql bench',
      nodes: [
        node('graphqlTrigger_1', 'graphqlTriggerNode', { responeType: 'realtime' }),
        node('graphqlResponse_1', 'graphqlResponseNode', { outputMapping: [{ key: 'n', value: '{{trigger.output.n}}' }] }),
      ],
      edges: [{ id: 'e1', source: 'graphqlTrigger_1', sourceHandle: 'out', target: 'graphqlResponse_1', targetHandle: 'in' }],
    });
    await builder.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const { key } = await builder.api<{ key: string }>('POST', `/api/projects/${project.id}/api-keys`, { name: 'bench' });
    return { url: `${base}/graphql`, headers: { authorization: `Bearer ${key}`, 'x-project-id': project.id }, workflowId: flow.id };
  } finally {
    redis.disconnect();
  }
}

/** Send `requests` calls from `clients` clients; every answer must be a success echoing its own number. */
async function drive(target: Target, requests: number, clients: number): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < requests) {
      const n = next++;
      const sent = performance.now();
      const response = await fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...target.headers },
        body: JSON.stringify({ query: QUERY, variables: { id: target.workflowId, payload: { n } } }),
      });
      const answer = (await response.json()) as { data?: { executeWorkflow?: { status: string; result: { n?: unknown } } }; errors?: unknown };
      latencies.push(performance.now() - sent);
      const run = answer.data?.executeWorkflow;
      if (!response.ok || run?.status !== 'success' || run.result?.n !== n) throw new Error(`/graphql answered ${response.status} ${JSON.stringify(answer)} to n=${n}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  return { seconds: (performance.now() - started) / 1000, latencies };
}

export async function graphqlFigures(redisUrl: string, requests: number, clients: number, concurrency: number): Promise<GraphqlFigures> {
  const { startWeft } = await import('../../runtime/server.ts');
  // The bench measures the runtime, not the starter plan: its project gets limits it never reaches.
  const starterLimits = { requests: Number.MAX_SAFE_INTEGER, records: Number.MAX_SAFE_INTEGER };
  const prefix = 'bench-graphql:';
  const weft = await startWeft({ redisUrl, prefix, host: '127.0.0.1', port: 0, concurrency, retentionSeconds: 600, starterLimits });
  try {
    const target = await deployFlow(redisUrl, prefix, weft.url);
    await drive(target, Math.min(200, requests), clients); // warm-up
    const { seconds, latencies } = await drive(target, requests, clients);
    return { requestsPerSecond: requests / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), requests };
  } finally {
    await weft.close();
  }
}

/** The GraphQL rows of the table, beside the webhook's of the same run. */
export function graphqlRows(figures: GraphqlFigures | Error, clients: number, baseline: number, webhook: { requestsPerSecond: number; p50: number; p99: number } | null | Error): Row[] {
  const rows: Row[] = [{ what: `weft over HTTP: POST /graphql executeWorkflow, GraphQL trigger → GraphQL response (realtime), ${clients} clients` }];
  if (figures instanceof Error) return [...rows, { what: 'GraphQL requests/s', figure: 'failed', detail: figures.message }];
  const hook = webhook && !(webhook instanceof Error) ? webhook : null;
  const versus = (theirs: number | undefined, unit: string) => (theirs === undefined ? '' : `webhook above: ${fixed(theirs, unit === '/s' ? 0 : 1)} ${unit}`);
  const perRequest = figures.requestsPerSecond * 2;
  return [
    ...rows,
    {
      what: 'requests/s',
      figure: `${fixed(figures.requestsPerSecond)} /s`,
      ratio: times(figures.requestsPerSecond / baseline),
      detail: `${fixed(figures.requests)} requests; 2 activations each = ${fixed(perRequest)} activations/s; ${versus(hook?.requestsPerSecond, '/s')}`,
    },
    { what: 'latency p50', figure: `${fixed(figures.p50, 1)} ms`, detail: versus(hook?.p50, 'ms') },
    { what: 'latency p99', figure: `${fixed(figures.p99, 1)} ms`, detail: versus(hook?.p99, 'ms') },
  ];
}
