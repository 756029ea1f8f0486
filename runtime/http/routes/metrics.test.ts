/**
 * `GET /metrics`: the figures of calls and activations after real calls, the operator-only
 * binding (a bearer token, else loopback clients only), and model usage counted from the
 * `_meta` of node outputs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activation } from '../../../actors/engine-types.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { metricsRefusal } from './metrics.ts';
import { WeftMetrics } from '../../services/metrics/weft-metrics.ts';

const TOKEN = 'metrics-token-for-tests';
const at = { x: 0, y: 0 };
let open: TestWeft;
let guarded: TestWeft;

/** A public webhook flow answering `{out: 'ok'}`, deployed; its id. */
async function answeringFlow(weft: TestWeft): Promise<{ projectId: string; flowId: string }> {
  const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Metrics' })).id;
  const { id: flowId } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: 'answer',
    nodes: [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: { public: true } },
      { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'out', value: 'ok' }] } },
    ],
    edges: [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' }],
  });
  await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
  return { projectId, flowId };
}

/** The value of one sample line (`name{labels} value`) of a scrape, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

beforeAll(async () => {
  [open, guarded] = await Promise.all([startTestWeft(), startTestWeft({ metricsToken: TOKEN })]);
});
afterAll(async () => {
  await Promise.all([open?.close(), guarded?.close()]);
});

describe('GET /metrics', () => {
  it('counts the production calls by door, status and project, and the activations by node type', async () => {
    const { projectId, flowId } = await answeringFlow(open);
    for (let i = 0; i < 3; i++) expect((await fetch(`${open.url}/hook/${flowId}`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${open.url}/hook/flow_missing`, { method: 'POST' })).status).toBe(404);
    await open.logged();
    const answer = await fetch(`${open.url}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(sample(text, 'weft_calls_total', { door: 'webhook', status: '200', project: projectId })).toBe(3);
    expect(sample(text, 'weft_calls_total', { door: 'webhook', status: '404' })).toBeUndefined(); // no project's call
    expect(sample(text, 'weft_door_answers_total', { door: 'webhook', status: '200' })).toBe(3);
    expect(sample(text, 'weft_door_answers_total', { door: 'webhook', status: '404' })).toBe(1);
    expect(sample(text, 'weft_call_duration_seconds_count', { door: 'webhook' })).toBe(3);
    expect(sample(text, 'weft_activations_total', { node_type: 'apiResponseNode', outcome: 'output' })).toBe(3);
    expect(sample(text, 'weft_activation_duration_seconds_count', { node_type: 'webhookTriggerNode' })).toBe(3);
    expect(sample(text, 'weft_runs_total', { door: 'webhook', status: 'completed' })).toBe(3);
    expect(sample(text, 'weft_run_duration_seconds_count', { door: 'webhook', status: 'completed' })).toBe(3);
    // two nodes a call; the process that took the call runs them (eager) unless its slots are full
    const eager = sample(text, 'weft_activations_dispatched_total', { dispatch: 'eager' }) ?? 0;
    const queued = sample(text, 'weft_activations_dispatched_total', { dispatch: 'queued' }) ?? 0;
    expect(eager + queued).toBe(6);
    expect(eager).toBeGreaterThan(0);
    expect(text).toMatch(/^weft_queue_put_back 0$/m);
    expect(text).toMatch(/^weft_queue_depth \d+$/m);
    expect(text).toMatch(/^weft_redis_up 1$/m);
    expect(text).toMatch(/^weft_redis_latency_seconds 0\.\d+/m);
    expect(text).toMatch(/^weft_sandbox_slots 4$/m);
    expect(text).toMatch(/^weft_sandbox_slots_in_use 0$/m);
    expect(text).toMatch(/^weft_outage_log_records_dropped 0$/m);
    expect(text).toMatch(/^weft_process_resident_memory_bytes \d+/m);
  });

  it('wants the bearer token when WEFT_METRICS_TOKEN is set', async () => {
    const without = await fetch(`${guarded.url}/metrics`);
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toBe('Bearer');
    expect(await without.json()).toEqual({ error: { code: 'unauthorized', message: 'The metrics need Authorization: Bearer <WEFT_METRICS_TOKEN>' } });
    expect((await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-same-len' } })).status).toBe(401);
    const withToken = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain('# TYPE weft_calls_total counter');
  });

  it('answers only loopback clients without a token', () => {
    expect(metricsRefusal(undefined, undefined, '127.0.0.1')).toBeNull();
    expect(metricsRefusal(undefined, undefined, '::1')).toBeNull();
    expect(metricsRefusal(undefined, undefined, '::ffff:127.0.0.1')).toBeNull();
    const refused = metricsRefusal(undefined, undefined, '192.0.2.7');
    expect(refused?.status).toBe(403);
    expect(refused?.message).toBe('The metrics are answered on loopback only; set WEFT_METRICS_TOKEN to scrape them from elsewhere');
    expect(metricsRefusal(TOKEN, `Bearer ${TOKEN}`, '192.0.2.7')).toBeNull();
  });
});

describe('model usage', () => {
  it('is counted by model from the _meta of the outputs, agents’ lists of them included', async () => {
    const metrics = new WeftMetrics();
    const outputs = [
      { text: 'hi', _meta: { model_name: 'gpt-4o-mini', prompt_tokens: 12, completion_tokens: 5, total_cost: 0.002 } },
      { _meta: [{ model_name: 'gpt-4o-mini', prompt_tokens: 3, completion_tokens: 1, total_cost: 0.001 }, { model_name: 'o3', input_tokens: 7, output_tokens: 2, cost: 0.05 }] },
    ];
    const execute = metrics.observe(async () => ({ output: outputs.shift() }));
    const activation = { node: { type: 'llmNode' } } as unknown as Activation;
    await execute(activation);
    await execute(activation);
    const failing = metrics.observe(async () => {
      throw Object.assign(new Error('upstream 502'), { kind: 'operational' });
    });
    await expect(failing(activation)).rejects.toThrow('upstream 502');
    const text = await metrics.registry.metrics();
    expect(sample(text, 'weft_model_tokens_total', { model: 'gpt-4o-mini', kind: 'prompt' })).toBe(15);
    expect(sample(text, 'weft_model_tokens_total', { model: 'gpt-4o-mini', kind: 'completion' })).toBe(6);
    expect(sample(text, 'weft_model_tokens_total', { model: 'o3', kind: 'prompt' })).toBe(7);
    expect(sample(text, 'weft_model_cost_total', { model: 'gpt-4o-mini' })).toBeCloseTo(0.003);
    expect(sample(text, 'weft_model_cost_total', { model: 'o3' })).toBeCloseTo(0.05);
    expect(sample(text, 'weft_activations_total', { node_type: 'llmNode', outcome: 'output' })).toBe(2);
    expect(sample(text, 'weft_activations_total', { node_type: 'llmNode', outcome: 'operational' })).toBe(1);
  });
});
