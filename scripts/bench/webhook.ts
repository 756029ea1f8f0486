/** @module scripts/bench/webhook — webhook → variables → response at 32 concurrent clients. */
import { startWeft } from '../../runtime/server.ts';
import { percentile } from './stats.ts';

const node = (id: string, type: string, values: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, values });

async function call<T>(url: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function webhookFigures(redisUrl: string, requests = 3000, clients = 32) {
  const weft = await startWeft({ redisUrl, prefix: 'benchhook:', port: 0, concurrency: 16, retentionSeconds: 600 });
  const project = await call<{ id: string }>(`${weft.url}/api/projects`, 'POST', { name: 'Bench' });
  const flow = await call<{ id: string }>(`${weft.url}/api/projects/${project.id}/flows`, 'POST', {
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
  await call(`${weft.url}/api/flows/${flow.id}/deploy`, 'POST', { status: 'active' });
  const hook = `${weft.url}/hook/${flow.id}`;
  const latencies: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < requests) {
      const n = next++;
      const started = performance.now();
      const answer = await call<{ n: number }>(hook, 'POST', { n });
      latencies.push(performance.now() - started);
      if (answer.n !== n) throw new Error(`webhook answered ${JSON.stringify(answer)} for ${n}`);
    }
  };
  next = requests - 100; // warm-up of 100 requests
  await Promise.all(Array.from({ length: clients }, client));
  latencies.length = 0;
  next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - started) / 1000;
  await weft.close();
  return { rate: requests / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}
