/**
 * A real Prometheus (Debian's `prometheus`, installed by the test run's setup when missing)
 * scrapes a test weft's `/metrics` with the operator's bearer token; the figures of real calls
 * are read back through Prometheus's own HTTP API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../actors/redis-server.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

const TOKEN = 'prometheus-scrapes-with-this';
const dir = mkdtempSync(join(tmpdir(), 'weft-prometheus-'));
const at = { x: 0, y: 0 };
let weft: TestWeft;
let prometheus: ChildProcess;
let prometheusUrl = '';
let projectId = '';

beforeAll(async () => {
  weft = await startTestWeft({ metricsToken: TOKEN });
  const target = new URL(weft.url).host;
  writeFileSync(
    join(dir, 'prometheus.yml'),
    [
      'global: { scrape_interval: 1s, evaluation_interval: 1s }',
      'scrape_configs:',
      '  - job_name: weft',
      `    authorization: { credentials: ${TOKEN} }`,
      `    static_configs: [{ targets: ['${target}'] }]`,
    ].join('\n'),
  );
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  prometheus = spawn('prometheus', [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], { stdio: 'ignore' });
}, 60_000);
afterAll(async () => {
  prometheus?.kill('SIGTERM');
  await weft?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The one value a PromQL query answers now, or undefined while it has none. */
async function query(promql: string): Promise<number | undefined> {
  const answer = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`).catch(() => null);
  if (!answer?.ok) return undefined;
  const { data } = (await answer.json()) as { data: { result: { value: [number, string] }[] } };
  return data.result.length === 1 ? Number(data.result[0].value[1]) : undefined;
}

describe('Prometheus scraping weft', () => {
  it('reads the calls, activations and Redis state back through its HTTP API', async () => {
    projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Scraped' })).id;
    const { id: flowId } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
      name: 'answer',
      nodes: [
        { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: { public: true } },
        { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'out', value: 'ok' }] } },
      ],
      edges: [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' }],
    });
    await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
    for (let i = 0; i < 2; i++) expect((await fetch(`${weft.url}/hook/${flowId}`, { method: 'POST' })).status).toBe(200);

    const poll = { timeout: 45_000, interval: 500 };
    await expect.poll(() => query('up{job="weft"}'), poll).toBe(1);
    await expect.poll(() => query(`weft_calls_total{door="webhook",status="200",project="${projectId}"}`), poll).toBe(2);
    await expect.poll(() => query('sum(weft_activations_total{node_type="apiResponseNode",outcome="output"})'), poll).toBe(2);
    expect(await query('weft_redis_up')).toBe(1);
    expect(await query('weft_sandbox_slots')).toBe(4);
    expect(await query('weft_queue_depth')).toBeGreaterThanOrEqual(0);
  }, 60_000);
});
