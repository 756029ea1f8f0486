/**
 * Traces over OTLP (#35): a webhook call with an incoming `traceparent` runs webhook → API call →
 * Generate text → API response. The server (role 'server') exports to a loopback OTLP receiver
 * that decodes the requests with the official OTLP definitions; every activation runs in a
 * separate worker process, whose spans join the same trace through the trace context stored
 * with the run. The tree: the caller's span → the call (server span) → one span per activation →
 * the API node's outbound call, and the model call (GenAI attributes) with its HTTP call. No
 * attribute, status or event carries a secret in any of the forms the redactor knows. A node that
 * fails leaves its error kind on its activation's span, and its outbound call the status.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTraceparent } from '../../../actors/trace-context.ts';
import { secretPatterns } from '../../../catalogue/secrets/encoded-forms.ts';
import { startLoopbackApi, type LoopbackApi } from '../../../catalogue/testing/loopback-api.ts';
import type { RunSnapshot } from '../../../contract/runs.ts';
import { startOtlpReceiver, type AttributeValue, type OtlpReceiver, type ReceivedSpan } from '../../testing/otlp-receiver.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { chatStream, startOpenAILoopback, type OpenAILoopback } from '../models/testing/openai-loopback.ts';

const apiKey = 'sk-trace-secret-7f3a9c2e51';
const querySecret = 'q-secret-5d8e1b7a44';
const at = { x: 0, y: 0 };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };

let receiver: OtlpReceiver;
let loopback: OpenAILoopback;
let api: LoopbackApi;
let weft: TestWeft;
let worker: ChildProcess;
let key = '';
let projectId = '';

beforeAll(async () => {
  // no SDK registered yet: the engine stores no trace context (traces are off by default)
  expect(runTraceparent('run_x', 'flow_x')).toBeUndefined();
  receiver = await startOtlpReceiver();
  loopback = await startOpenAILoopback();
  api = await startLoopbackApi(() => ({ body: { items: ['a', 'b'] } }));
  // read by the SDK itself, in this process and in the worker (which inherits them)
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
  process.env.OTEL_BSP_SCHEDULE_DELAY = '50';
  weft = await startTestWeft({ role: 'server', traces: true, outboundAllow: [loopback.host, api.hostPort] });
  worker = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'testing', 'crash-weft-worker.ts')], {
    env: { ...process.env, WEFT_PREFIX: weft.prefix, WEFT_OUTBOUND_ALLOW: [loopback.host, api.hostPort].join(',') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ok) => worker.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && ok()));
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Traces' })).id;
  key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'traces' })).key;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'llm', credential_type: 'modelProvider', credentials: { apiKey, baseUrl: loopback.baseUrl } });
});

afterAll(async () => {
  if (worker && worker.exitCode === null) worker.kill('SIGKILL');
  await weft?.close();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete process.env.OTEL_BSP_SCHEDULE_DELAY;
  await Promise.all([receiver?.close(), loopback?.close(), api?.close()]);
});

async function deployed(path = '/items'): Promise<string> {
  const nodes = [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} },
    { id: 'api_1', type: 'apiNode', position: at, values: { url: `${api.url}${path}?token=${querySecret}`, method: 'GET' } },
    { id: 'generateText_1', type: 'generateTextNode', position: at, values: { generativeModelName: model, prompts: [{ role: 'user', content: 'Items: {{api_1.output}}' }] } },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'text', value: '{{generateText_1.output.generatedResponse}}' }] } },
  ];
  const edges = [edge('e1', 'webhookTrigger_1', 'api_1'), edge('e2', 'api_1', 'generateText_1'), edge('e3', 'generateText_1', 'apiResponse_1')];
  const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Traced', nodes, edges });
  await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

async function spansOf(traceId: string, until: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  for (let i = 0; i < 400; i++) {
    const spans = receiver.spans.filter((s) => s.traceId === traceId);
    if (until(spans)) return spans;
    await sleep(25);
  }
  return receiver.spans.filter((s) => s.traceId === traceId);
}

function strings(value: AttributeValue): string[] {
  if (Array.isArray(value)) return value.flatMap(strings);
  return value === undefined ? [] : [String(value)];
}

describe('traces over OTLP', () => {
  it('exports one trace per run: the call, each activation in the worker, the outbound and the model call', async () => {
    loopback.handle(() => ({ sse: chatStream('gpt-4o-mini', ['Two ', 'items.'], { promptTokens: 12, completionTokens: 6 }) }));
    const flowId = await deployed();
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const answer = await weft.request('POST', `/hook/${flowId}`, { q: 1 }, { authorization: `Bearer ${key}`, traceparent: `00-${traceId}-${callerSpan}-01` });
    expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 200, body: { text: 'Two items.' } });
    const runId = answer.headers.get('x-weft-run-id')!;

    const spans = await spansOf(traceId, (all) => all.some((s) => s.kind === 'SPAN_KIND_SERVER') && all.filter((s) => s.name.startsWith('activation ')).length === 4 && all.some((s) => s.name === 'chat gpt-4o-mini'));
    const one = (predicate: (s: ReceivedSpan) => boolean) => {
      const found = spans.filter(predicate);
      expect(found).toHaveLength(1);
      return found[0];
    };

    // the call: a server span under the caller's span, in the server process
    const call = one((s) => s.kind === 'SPAN_KIND_SERVER');
    expect(call).toMatchObject({ name: 'POST /hook/:flowId', parentSpanId: callerSpan, resource: { 'service.name': 'weft', 'weft.role': 'server' } });
    expect(call.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/hook/:flowId',
      'url.path': `/hook/${flowId}`,
      'http.response.status_code': 200,
      'weft.door': 'webhook',
      'weft.run.id': runId,
    });

    // one span per activation, each a child of the call, all run by the worker process
    const activation = (nodeId: string, type: string) => {
      const span = one((s) => s.attributes['weft.node.id'] === nodeId);
      expect(span).toMatchObject({ name: `activation ${type}`, parentSpanId: call.spanId, resource: { 'weft.role': 'worker' } });
      expect(span.attributes).toMatchObject({ 'weft.node.type': type, 'weft.actor': nodeId, 'weft.attempt': 1, 'weft.status': 'completed', 'weft.run.id': runId, 'weft.flow.id': flowId });
      return span;
    };
    activation('webhookTrigger_1', 'webhookTriggerNode');
    const apiNode = activation('api_1', 'apiNode');
    const generate = activation('generateText_1', 'generateTextNode');
    activation('apiResponse_1', 'apiResponseNode');

    // the API node's call: a client span without the URL's query, its trace context sent on
    const outbound = one((s) => s.parentSpanId === apiNode.spanId);
    expect(outbound).toMatchObject({ name: 'GET', kind: 'SPAN_KIND_CLIENT' });
    expect(outbound.attributes).toMatchObject({
      'http.request.method': 'GET',
      'server.address': '127.0.0.1',
      'server.port': Number(new URL(api.url).port),
      'url.full': `${api.url}/items`,
      'http.response.status_code': 200,
    });
    expect(api.seen[0].headers.traceparent).toBe(`00-${traceId}-${outbound.spanId}-01`);

    // the model call after the GenAI conventions, its HTTP call under it
    const chat = one((s) => s.parentSpanId === generate.spanId);
    expect(chat).toMatchObject({ name: 'chat gpt-4o-mini', kind: 'SPAN_KIND_CLIENT' });
    expect(chat.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.system': 'openai',
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.usage.input_tokens': 12,
      'gen_ai.usage.output_tokens': 6,
    });
    expect(chat.attributes['weft.gen_ai.cost']).toBeGreaterThan(0);
    const modelHttp = one((s) => s.parentSpanId === chat.spanId);
    expect(modelHttp).toMatchObject({ name: 'POST', kind: 'SPAN_KIND_CLIENT', attributes: { 'http.response.status_code': 200, 'server.port': Number(loopback.host.split(':')[1]) } });

    // the whole run is this one trace, and the run keeps its context for any process
    expect(spans.every((s) => s.traceId === traceId)).toBe(true);
    const snapshot = await weft.api<RunSnapshot>('GET', `/api/runs/${runId}`);
    expect(snapshot.traceparent).toBe(`00-${traceId}-${call.spanId}-01`);
    // an /api/ request's span is named by its route, never by the ids in its path
    for (let i = 0; i < 100 && !receiver.spans.some((s) => s.attributes['url.path'] === `/api/runs/${runId}`); i++) await new Promise((ok) => setTimeout(ok, 100));
    const read = receiver.spans.find((s) => s.attributes['url.path'] === `/api/runs/${runId}`)!;
    expect(read).toMatchObject({ name: 'GET /api/runs/:runId', kind: 'SPAN_KIND_SERVER', attributes: { 'http.route': '/api/runs/:runId', 'http.response.status_code': 200 } });

    // no secret in any form the redactor knows, anywhere in what was exported
    const { anyCase, exactCase } = secretPatterns([apiKey, querySecret, key]);
    const texts = receiver.spans.flatMap((s) => [
      s.name,
      s.status.message,
      ...Object.values(s.attributes).flatMap(strings),
      ...Object.values(s.resource).flatMap(strings),
      ...s.events.flatMap((e) => [e.name, ...Object.values(e.attributes).flatMap(strings)]),
    ]);
    expect(texts.length).toBeGreaterThan(50);
    for (const text of texts) {
      expect(text.search(anyCase!), text).toBe(-1);
      if (exactCase) expect(text.search(exactCase), text).toBe(-1);
    }
    expect(receiver.requests.every((r) => r.path === '/v1/traces' && r.contentType === 'application/x-protobuf')).toBe(true);
  }, 60_000);

  it('marks a failed activation with its error kind, and the outbound call with its status', async () => {
    api.respond((request) => (request.url.startsWith('/broken') ? { status: 500, body: { error: 'down' } } : { body: { items: [] } }));
    const flowId = await deployed('/broken');
    const traceId = randomBytes(16).toString('hex');
    const answer = await weft.request('POST', `/hook/${flowId}`, {}, { authorization: `Bearer ${key}`, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` });
    expect(answer.status).toBeGreaterThanOrEqual(500);
    const spans = await spansOf(traceId, (all) => all.some((s) => s.kind === 'SPAN_KIND_SERVER') && all.some((s) => s.attributes['weft.node.id'] === 'api_1'));
    const failed = spans.find((s) => s.attributes['weft.node.id'] === 'api_1')!;
    expect(failed.attributes).toMatchObject({ 'weft.status': 'failed', 'weft.error.kind': 'operational', 'error.type': 'operational' });
    expect(failed.status.code).toBe('STATUS_CODE_ERROR');
    const outbound = spans.find((s) => s.parentSpanId === failed.spanId)!;
    expect(outbound.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': '500' });
    // the run failed: nothing after the API node ran
    expect(spans.some((s) => s.attributes['weft.node.id'] === 'generateText_1')).toBe(false);
  }, 60_000);
});
