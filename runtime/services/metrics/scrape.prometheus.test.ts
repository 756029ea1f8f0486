/**
 * A real Prometheus (Debian's `prometheus`, installed by the test run's setup when missing)
 * scrapes a test weft's `/metrics` with the operator's bearer token; the figures of real calls
 * (a plain answer, Generate text against a loopback OpenAI server, code that keeps its sandbox
 * slot for 3 s) are read back through Prometheus's own HTTP API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../actors/redis-server.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { chatCompletion, chatStream, startOpenAILoopback, type OpenAILoopback } from '../models/testing/openai-loopback.ts';

const TOKEN = 'prometheus-scrapes-with-this';
const dir = mkdtempSync(join(tmpdir(), 'weft-prometheus-'));
const at = { x: 0, y: 0 };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
let weft: TestWeft;
let loopback: OpenAILoopback;
let prometheus: ChildProcess;
let prometheusUrl = '';
let projectId = '';

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  const usage = { promptTokens: 12, completionTokens: 6 };
  loopback.handle((request) => (request.body.stream ? { sse: chatStream('gpt-4o-mini', ['scraped'], usage) } : { json: chatCompletion('gpt-4o-mini', 'scraped', usage) }));
  weft = await startTestWeft({ metricsToken: TOKEN, outboundAllow: [loopback.host] });
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
  await loopback?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The one value a PromQL query answers now, or undefined while it has none. */
async function query(promql: string): Promise<number | undefined> {
  const answer = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`).catch(() => null);
  if (!answer?.ok) return undefined;
  const { data } = (await answer.json()) as { data: { result: { value: [number, string] }[] } };
  return data.result.length === 1 ? Number(data.result[0].value[1]) : undefined;
}

/** A public webhook flow: the trigger, then `nodes` one after the other; deployed, its id. */
async function deployed(name: string, nodes: { id: string; type: string; values: Record<string, unknown> }[]): Promise<string> {
  const all = [{ id: 'webhookTrigger_1', type: 'webhookTriggerNode', values: { public: true } }, ...nodes];
  const { id } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name,
    nodes: all.map((node) => ({ ...node, position: at })),
    edges: all.slice(1).map((node, i) => edge(`e${i + 1}`, all[i].id, node.id)),
  });
  await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
  return id;
}

const call = async (flowId: string) => expect((await fetch(`${weft.url}/hook/${flowId}`, { method: 'POST' })).status).toBe(200);

describe('Prometheus scraping weft', () => {
  it('reads the calls, runs, activations, model tokens, sandbox slots and Redis state back through its HTTP API', async () => {
    projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Scraped' })).id;
    const answer = await deployed('answer', [{ id: 'apiResponse_1', type: 'apiResponseNode', values: { outputMapping: [{ key: 'out', value: 'ok' }] } }]);
    const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };
    await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'llm', credential_type: 'modelProvider', credentials: { apiKey: 'sk-scraped', baseUrl: loopback.baseUrl } });
    const generate = await deployed('generate', [
      { id: 'generateText_1', type: 'generateTextNode', values: { generativeModelName: model, prompts: [{ role: 'user', content: 'Say something' }] } },
      { id: 'apiResponse_1', type: 'apiResponseNode', values: { outputMapping: [{ key: 'text', value: '{{generateText_1.output.generatedResponse}}' }] } },
    ]);
    // holds its sandbox slot for 3 s: scraped every second, the slot is seen in use
    const busy = await deployed('busy code', [
      { id: 'code_1', type: 'codeNode', values: { code: 'const end = Date.now() + 3000; while (Date.now() < end) {} return { done: true };' } },
      { id: 'apiResponse_1', type: 'apiResponseNode', values: { outputMapping: [{ key: 'done', value: '{{code_1.output.done}}' }] } },
    ]);
    const poll = { timeout: 45_000, interval: 500 };
    // scraping before the calls: the busy code's slot is then scraped while it is held
    await expect.poll(() => query('up{job="weft"}'), poll).toBe(1);
    for (let i = 0; i < 2; i++) await call(answer);
    await call(generate);
    await call(busy);
    await weft.logged();

    await expect.poll(() => query(`weft_calls_total{door="webhook",status="200",project="${projectId}"}`), poll).toBe(4);
    await expect.poll(() => query('weft_runs_total{door="webhook",status="completed"}'), poll).toBe(4);
    await expect.poll(() => query('weft_run_duration_seconds_count{door="webhook",status="completed"}'), poll).toBe(4);
    await expect.poll(() => query('sum(weft_activations_total{node_type="apiResponseNode",outcome="output"})'), poll).toBe(4);
    // the code ran 3 s: its histogram's 2.5 s bucket holds none of it, the 5 s one holds it
    await expect.poll(() => query('weft_activation_duration_seconds_count{node_type="codeNode"}'), poll).toBe(1);
    expect(await query('weft_activation_duration_seconds_bucket{node_type="codeNode",le="2.5"}')).toBe(0);
    expect(await query('weft_activation_duration_seconds_bucket{node_type="codeNode",le="5"}')).toBe(1);
    expect(await query('sum(weft_activations_dispatched_total)')).toBe(await query('sum(weft_activations_total)'));
    expect(await query('weft_model_tokens_total{model="gpt-4o-mini",kind="prompt"}')).toBe(12);
    expect(await query('weft_model_tokens_total{model="gpt-4o-mini",kind="completion"}')).toBe(6);
    expect(await query('max_over_time(weft_sandbox_slots_in_use[5m])')).toBe(1);
    expect(await query('weft_sandbox_slots_in_use')).toBe(0);
    expect(await query('weft_redis_up')).toBe(1);
    expect(await query('weft_sandbox_slots')).toBe(4);
    expect(await query('weft_queue_depth')).toBeGreaterThanOrEqual(0);
    expect(await query('weft_queue_put_back')).toBe(0);
  }, 90_000);
});
