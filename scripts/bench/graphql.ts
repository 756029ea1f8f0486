/**
 * @module scripts/bench/graphql — weft's GraphQL API end to end over HTTP: `POST /graphql`
 * `executeWorkflow` on a realtime GraphQL trigger → GraphQL response flow, each call with the
 * project's API key, from 32 clients each sending its next request as soon as the previous one
 * is answered. The server, its workers and the clients share this process, as in webhook.ts.
 * The same weft also serves the same shape over a webhook (webhook trigger → API response,
 * `POST /hook/:flowId` with the same key), measured right after, so the two stand side by side.
 */
import Redis from 'ioredis';
import { percentile, fixed, times, type Row } from './stats.ts';

export interface HttpFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
}

export interface GraphqlFigures extends HttpFigures {
  /** the same trigger → response shape over POST /hook in the same weft */
  sameShapeWebhook: HttpFigures;
}

const node = (id: string, type: string, values: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, values });

const QUERY = 'query Run($id: String!, $payload: JSON!) { executeWorkflow(workflowId: $id, payload: $payload) { status result } }';

interface Target {
  base: string;
  headers: Record<string, string>;
  graphqlFlow: string;
  webhookFlow: string;
}

/** One call: resolves when answered, throws unless the answer echoes `n`. */
type Call = (target: Target, n: number) => Promise<void>;

/**
 * Sign in as a fresh user (made in the stores, as the tests do), create a project, an API key
 * and two active flows of the same shape: GraphQL trigger → GraphQL response and webhook
 * trigger → API response, each echoing `n`.
 */
async function deployFlows(redisUrl: string, prefix: string, base: string): Promise<Target> {
  const { testAccounts } = await import('../../runtime/testing/test-accounts.ts');
  const redis = new Redis(redisUrl);
  try {
    const builder = await testAccounts(redis, prefix, base).createUser({ name: 'Bench' });
    const project = await builder.api<{ id: string }>('POST', '/api/projects', { name: 'GraphQL bench' });
    const deploy = async (name: string, trigger: ReturnType<typeof node>, response: string) => {
      const flow = await builder.api<{ id: string }>('POST', `/api/projects/${project.id}/flows`, {
        name,
        nodes: [trigger, node('response_1', response, { outputMapping: [{ key: 'n', value: '{{trigger.output.n}}' }] })],
        edges: [{ id: 'e1', source: trigger.id, sourceHandle: 'out', target: 'response_1', targetHandle: 'in' }],
      });
      await builder.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
      return flow.id;
    };
    const graphqlFlow = await deploy('graphql bench', node('graphqlTrigger_1', 'graphqlTriggerNode', { responeType: 'realtime' }), 'graphqlResponseNode');
    const webhookFlow = await deploy('webhook bench', node('webhookTrigger_1', 'webhookTriggerNode', {}), 'apiResponseNode');
    const { key } = await builder.api<{ key: string }>('POST', `/api/projects/${project.id}/api-keys`, { name: 'bench' });
    return { base, headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'x-project-id': project.id }, graphqlFlow, webhookFlow };
  } finally {
    redis.disconnect();
  }
}

const graphqlCall: Call = async (target, n) => {
  const response = await fetch(`${target.base}/graphql`, {
    method: 'POST',
    headers: target.headers,
    body: JSON.stringify({ query: QUERY, variables: { id: target.graphqlFlow, payload: { n } } }),
  });
  const answer = (await response.json()) as { data?: { executeWorkflow?: { status: string; result: { n?: unknown } } } };
  const run = answer.data?.executeWorkflow;
  if (!response.ok || run?.status !== 'success' || run.result?.n !== n) throw new Error(`/graphql answered ${response.status} ${JSON.stringify(answer)} to n=${n}`);
};

const webhookCall: Call = async (target, n) => {
  const response = await fetch(`${target.base}/hook/${target.webhookFlow}`, { method: 'POST', headers: target.headers, body: JSON.stringify({ n }) });
  const answer = (await response.json()) as { n?: unknown };
  if (!response.ok || answer.n !== n) throw new Error(`/hook answered ${response.status} ${JSON.stringify(answer)} to n=${n}`);
};

/** Send `requests` calls from `clients` clients, each sending its next as soon as one is answered. */
async function drive(call: Call, target: Target, requests: number, clients: number): Promise<HttpFigures> {
  const latencies: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < requests) {
      const n = next++;
      const sent = performance.now();
      await call(target, n);
      latencies.push(performance.now() - sent);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - started) / 1000;
  return { requestsPerSecond: requests / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), requests };
}

export async function graphqlFigures(redisUrl: string, requests: number, clients: number, concurrency: number): Promise<GraphqlFigures> {
  const { startWeft } = await import('../../runtime/server.ts');
  // The bench measures the runtime, not the starter plan: its project gets limits it never reaches.
  const starterLimits = { requests: Number.MAX_SAFE_INTEGER, records: Number.MAX_SAFE_INTEGER };
  const prefix = 'bench-graphql:';
  const weft = await startWeft({ redisUrl, prefix, host: '127.0.0.1', port: 0, concurrency, retentionSeconds: 600, starterLimits });
  try {
    const target = await deployFlows(redisUrl, prefix, weft.url);
    const warmUp = Math.min(200, requests);
    await drive(graphqlCall, target, warmUp, clients);
    await drive(webhookCall, target, warmUp, clients);
    const graphql = await drive(graphqlCall, target, requests, clients);
    const sameShapeWebhook = await drive(webhookCall, target, requests, clients);
    return { ...graphql, sameShapeWebhook };
  } finally {
    await weft.close();
  }
}

/** The GraphQL rows of the table, beside the webhook's of the same run. */
export function graphqlRows(figures: GraphqlFigures | Error, clients: number, baseline: number, webhook: HttpFigures | null | Error): Row[] {
  const rows: Row[] = [{ what: `weft over HTTP: POST /graphql executeWorkflow, GraphQL trigger → GraphQL response (realtime), ${clients} clients` }];
  if (figures instanceof Error) return [...rows, { what: 'GraphQL requests/s', figure: 'failed', detail: figures.message }];
  const same = figures.sameShapeWebhook;
  const above = webhook && !(webhook instanceof Error) ? webhook : null;
  const beside = (pick: (f: HttpFigures) => number, unit: string, digits: number) =>
    [`same shape over POST /hook, this weft: ${fixed(pick(same), digits)} ${unit}`, above ? `webhook above: ${fixed(pick(above), digits)} ${unit}` : '']
      .filter(Boolean)
      .join('; ');
  return [
    ...rows,
    {
      what: 'requests/s',
      figure: `${fixed(figures.requestsPerSecond)} /s`,
      ratio: times(figures.requestsPerSecond / baseline),
      detail: `${fixed(figures.requests)} requests, 2 activations each; ${beside((f) => f.requestsPerSecond, '/s', 0)}`,
    },
    { what: 'latency p50', figure: `${fixed(figures.p50, 1)} ms`, detail: beside((f) => f.p50, 'ms', 1) },
    { what: 'latency p99', figure: `${fixed(figures.p99, 1)} ms`, detail: beside((f) => f.p99, 'ms', 1) },
  ];
}
