/**
 * Pinned and disabled nodes through a whole weft: a test run hands on a pinned API node's
 * output without calling its server, and the response reads it; a production run of the same
 * deployed flow calls the server (pins are for test runs only). A disabled node is skipped in
 * production runs too.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowNode } from '../../../contract/flow-document.ts';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let upstream: Server;
let upstreamUrl = '';
let calls = 0;
let projectId = '';

const at = { x: 0, y: 0 };
const edges = [
  { id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'api_1', targetHandle: 'in' },
  { id: 'e2', source: 'api_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' },
];
const nodes = (api: Partial<FlowNode> = {}): FlowNode[] => [
  { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: { public: true } },
  { id: 'api_1', type: 'apiNode', position: at, values: { url: upstreamUrl, method: 'GET' }, ...api },
  { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'source', value: '{{api_1.output.source}}' }] } },
];

async function deployed(api: Partial<FlowNode>): Promise<string> {
  const { id } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Pins', nodes: nodes(api), edges });
  await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
  return id;
}

type Snapshot = { status: string; nodes: Record<string, { state: string; output?: unknown }> };
async function testRun(flowId: string): Promise<Snapshot> {
  const { runId } = await weft.api<{ runId: string }>('POST', `/api/flows/${flowId}/runs`, { input: {} });
  await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
  return weft.api<Snapshot>('GET', `/api/runs/${runId}`);
}

beforeAll(async () => {
  upstream = createServer((_req, res) => {
    calls++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"source": "server"}');
  });
  await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
  const host = `127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  upstreamUrl = `http://${host}/data`;
  weft = await startTestWeft({ outboundAllow: [host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Pins' })).id;
});
afterAll(async () => {
  await weft?.close();
  await new Promise((ok) => upstream.close(ok));
});

describe('a pinned node', () => {
  it('in a test run is not executed: its pinned output goes on; a production run executes it', async () => {
    const flowId = await deployed({ pinned: { output: { source: 'pin' }, pinnedAt: Date.now(), runId: 'run_before' } });
    calls = 0;
    const snapshot = await testRun(flowId);
    expect(snapshot.status).toBe('completed');
    expect(calls).toBe(0);
    expect(snapshot.nodes.api_1).toMatchObject({ state: 'completed', output: { source: 'pin' } });
    expect(snapshot.nodes.apiResponse_1.output).toEqual({ source: 'pin' });

    const answer = await weft.request('POST', `/hook/${flowId}`, {});
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ source: 'server' });
    expect(calls).toBe(1);
  });

  it('keeps its pin in the stored flow', async () => {
    const flowId = await deployed({ pinned: { output: { source: 'pin' }, pinnedAt: 5 } });
    const flow = await weft.api<{ nodes: FlowNode[] }>('GET', `/api/flows/${flowId}`);
    expect(flow.nodes[1].pinned).toEqual({ output: { source: 'pin' }, pinnedAt: 5 });
  });
});

describe('a disabled node', () => {
  it('is skipped in a production run too: no call, the response after it is skipped, the run completes', async () => {
    const flowId = await deployed({ disabled: true });
    calls = 0;
    const answer = await weft.request('POST', `/hook/${flowId}`, {});
    const runId = answer.headers.get('x-weft-run-id')!;
    await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
    const snapshot = await weft.api<Snapshot>('GET', `/api/runs/${runId}`);
    expect(snapshot.status).toBe('completed');
    expect(snapshot.nodes.api_1.state).toBe('skipped');
    expect(snapshot.nodes.apiResponse_1.state).toBe('skipped');
    expect(calls).toBe(0);
  });

  it('a disabled trigger is saved, but Run and Deploy refuse it', async () => {
    const bad = nodes().map((n) => (n.id === 'webhookTrigger_1' ? { ...n, disabled: true } : n));
    const flow = await weft.api<{ id: string; warnings: string[] }>('POST', `/api/projects/${projectId}/flows`, { name: 'Off', nodes: bad, edges });
    expect(flow.warnings).toContain('webhookTrigger_1: The trigger cannot be disabled');
    const run = await weft.request('POST', `/api/flows/${flow.id}/runs`, { input: {} });
    expect(run.status).toBe(400);
    expect(JSON.stringify(await run.json())).toContain('The trigger cannot be disabled');
    const deploy = await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(deploy.status).toBe(400);
  });
});
