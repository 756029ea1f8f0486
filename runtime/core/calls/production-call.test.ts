/**
 * Through a whole weft: a failed run answers a realtime webhook caller with the status of its
 * error kind (422 the flow's or caller's, 502 another service's, 504 too slow, 500 weft's own
 * defect; 409 cancelled), the node's message, the node and the run; the run, its events and
 * its log record carry the same kind.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeoutError } from '../../../catalogue/errors.ts';
import { PlanLimitError } from '../../services/domain-errors.ts';
import type { CatalogueNode } from '../../../catalogue/types.ts';
import type { LogRecord } from '../../../contract/logs.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

/** Fails the way its `fault` says: a service that did not answer in time, a plan's refusal, or a defect (a TypeError). */
const faultTestNode: CatalogueNode = {
  definition: {
    name: 'faultTestNode',
    label: 'Fault (test)',
    type: 'dynamicNode',
    category: 'Logic',
    status: 'Enabled',
    description: 'Test only: fails with a timeout, a plan limit or a defect.',
    icon: 'code',
    docs: '/docs/nodes/faultTestNode',
    inputs: [{ name: 'fault', label: 'Fault', type: 'text', defaultValue: 'timeout' }],
    outputs: [],
  },
  async run(values) {
    if (values.fault === 'timeout') throw timeoutError('The model server did not answer within 1 s');
    if (values.fault === 'plan') throw new PlanLimitError('records', 'Project exceeded max records, max records: 1, current records: 1. Please upgrade your plan or delete some records.');
    const missing = undefined as unknown as { field: string };
    return { output: missing.field };
  },
};

let weft: TestWeft;
let upstream: Server;
let upstreamUrl = '';
let projectId = '';

const at = { x: 0, y: 0 };
const trigger = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: { public: true } };
const response = { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'out', value: 'done' }] } };
const edges = (middle: string) => [
  { id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: middle, targetHandle: 'in' },
  { id: 'e2', source: middle, sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' },
];

/** trigger → `node` → response, deployed */
async function flowThrough(node: { id: string; type: string; values: Record<string, unknown> }): Promise<string> {
  const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: `Through ${node.id}`,
    nodes: [trigger, { ...node, position: at }, response],
    edges: edges(node.id),
  });
  await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}

const apiNode = (url: string) => ({ id: 'api_1', type: 'apiNode', values: { url, method: 'GET', retries: 0 } });

/** Call the webhook; the answer's status and error, and the kind the run, its events and its log record carry. */
async function failedCall(flowId: string, body: unknown = {}) {
  const answer = await weft.request('POST', `/hook/${flowId}`, body);
  const { error } = (await answer.json()) as { error: Record<string, string> };
  const runId = answer.headers.get('x-weft-run-id')!;
  const snapshot = await weft.api<{ errorKind?: string; failedNode?: string }>('GET', `/api/runs/${runId}`);
  const events = await weft.engine.events(runId);
  const record = await logOf(runId);
  return {
    status: answer.status,
    error,
    runId,
    run: { errorKind: snapshot.errorKind, failedNode: snapshot.failedNode },
    event: events.find((e) => e.type === 'run.failed') as { errorKind?: string; nodeId?: string } | undefined,
    record,
  };
}

async function logOf(runId: string): Promise<LogRecord> {
  for (let i = 0; i < 200; i++) {
    const page = await weft.api<{ items: LogRecord[] }>('GET', `/api/projects/${projectId}/logs?limit=200`);
    const record = page.items.find((r) => r.runId === runId);
    if (record) return record;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`no log record for ${runId}`);
}

beforeAll(async () => {
  upstream = createServer((_request, answer) => {
    answer.statusCode = 500;
    answer.end('{"error": "database down"}');
  });
  await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/orders`;
  weft = await startTestWeft({ extraNodes: [faultTestNode], outboundAllow: [new URL(upstreamUrl).host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Failures' })).id;
});

afterAll(async () => {
  await weft?.close();
  await new Promise((ok) => upstream?.close(ok));
});

describe('a realtime webhook caller of a failing run', () => {
  it('gets 422 with the node’s message and id when the run fails on a bad value the caller sent', async () => {
    const flowId = await flowThrough(apiNode('{{trigger.output.url}}'));
    const call = await failedCall(flowId, { url: 'not a url' });
    expect(call.status).toBe(422);
    expect(call.error).toEqual({ code: 'run_failed', message: 'ERROR in running API Node: Invalid URL not a url', kind: 'user', nodeId: 'api_1', runId: call.runId });
    expect(call.run).toEqual({ errorKind: 'user', failedNode: 'api_1' });
    expect(call.event).toMatchObject({ errorKind: 'user', nodeId: 'api_1' });
    expect(call.record).toMatchObject({ responseStatus: 422, severity: 'WARN', runStatus: 'failed', errorKind: 'user', failedNode: 'api_1', trigger: 'webhook' });
  });

  it('gets 422 naming the placeholder when a required field’s template resolved to nothing', async () => {
    // a chat-like caller sends `chatMessage`; the flow reads `message`, which is not there
    const flowId = await flowThrough(apiNode('{{trigger.output.message}}'));
    const call = await failedCall(flowId, { chatMessage: 'Hello' });
    expect(call.status).toBe(422);
    const message = "URL: {{trigger.output.message}} resolved to nothing (trigger has no output field 'message')";
    expect(call.error).toEqual({ code: 'run_failed', message, kind: 'user', nodeId: 'api_1', runId: call.runId });
    expect(call.run).toEqual({ errorKind: 'user', failedNode: 'api_1' });
  });

  it('gets 502 when the service the API node calls answers 500', async () => {
    const flowId = await flowThrough(apiNode(upstreamUrl));
    const call = await failedCall(flowId);
    expect(call.status).toBe(502);
    expect(call.error).toEqual({ code: 'run_failed', message: 'ERROR in running API Node: 500 Internal Server Error', kind: 'operational', nodeId: 'api_1', runId: call.runId });
    expect(call.run).toEqual({ errorKind: 'operational', failedNode: 'api_1' });
    expect(call.event).toMatchObject({ errorKind: 'operational', nodeId: 'api_1' });
    expect(call.record).toMatchObject({ responseStatus: 502, severity: 'ERROR', errorKind: 'operational', failedNode: 'api_1' });
  });

  it('gets 504 when a node’s service did not answer in time', async () => {
    const flowId = await flowThrough({ id: 'fault_1', type: 'faultTestNode', values: { fault: 'timeout' } });
    const call = await failedCall(flowId);
    expect(call.status).toBe(504);
    expect(call.error).toMatchObject({ code: 'run_failed', message: 'The model server did not answer within 1 s', kind: 'timeout', nodeId: 'fault_1' });
    expect(call.run.errorKind).toBe('timeout');
    expect(call.record).toMatchObject({ responseStatus: 504, errorKind: 'timeout' });
  });

  it('gets 422 when a node meets a refusal of weft (a plan limit) inside the run', async () => {
    const flowId = await flowThrough({ id: 'fault_1', type: 'faultTestNode', values: { fault: 'plan' } });
    const call = await failedCall(flowId);
    expect(call.status).toBe(422);
    expect(call.error).toMatchObject({ code: 'run_failed', message: expect.stringContaining('Project exceeded max records'), kind: 'user', nodeId: 'fault_1' });
  });

  it('gets 500 only for a defect of weft itself', async () => {
    const flowId = await flowThrough({ id: 'fault_1', type: 'faultTestNode', values: { fault: 'defect' } });
    const call = await failedCall(flowId);
    expect(call.status).toBe(500);
    expect(call.error).toMatchObject({ code: 'run_failed', kind: 'unexpected', nodeId: 'fault_1', runId: call.runId });
    expect(call.error.message).toContain("reading 'field'");
    expect(call.run.errorKind).toBe('unexpected');
    expect(call.record).toMatchObject({ responseStatus: 500, severity: 'ERROR', errorKind: 'unexpected' });
  });

  it('gets 409 when the run is cancelled while the caller waits', async () => {
    const flowId = await flowThrough({ id: 'wait_1', type: 'waitNode', values: { seconds: 5 } });
    const answered = weft.request('POST', `/hook/${flowId}`, {});
    let runId: string | undefined;
    while (!runId) [runId] = await weft.engine.history(flowId, 1);
    await weft.api('POST', `/api/runs/${runId}/cancel`);
    const answer = await answered;
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ error: { code: 'run_cancelled', message: 'The run was cancelled', runId } });
  });
});
