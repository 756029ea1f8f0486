/**
 * Idempotent inbound calls through the whole server (real Redis, real workers): a repeat with the
 * same Idempotency-Key starts no second run and gets the first call's answer (webhook, GraphQL,
 * MCP), a repeat that differs is 422, a malformed key 400; a key whose first call died between
 * recording it and starting its run gets that run started by the repeat. The flow's side effect
 * (an API node's call to a loopback receiver) is counted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogRecord } from '../../../contract/logs.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { connectStores } from '../../services/stores/slot-transactions.ts';
import { fingerprintOf, IdempotencyKeys, INVALID_KEY_MESSAGE, MISMATCH_MESSAGE } from './idempotency.ts';

const at = { x: 0, y: 0 };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
let weft: TestWeft;
let receiver: Server;
let receiverUrl = '';
/** the side effects: every body the receiver got */
const effects: unknown[] = [];
let projectId = '';
let apiKey = '';
const flows: Record<string, string> = {};

/** trigger → wait (so a repeat comes while the first call waits) → API call to the receiver → response */
function sideEffectFlow(trigger: { id: string; type: string; values?: Record<string, unknown> }, response: { id: string; type: string }) {
  return {
    nodes: [
      { ...trigger, position: at, values: trigger.values ?? {} },
      { id: 'wait_1', type: 'waitNode', position: at, values: { seconds: 1 } },
      { id: 'api_1', type: 'apiNode', position: at, values: { url: receiverUrl, method: 'POST', body: `{"order": "{{${trigger.id}.output.order}}"}` } },
      { ...response, position: at, values: { outputMapping: [{ key: 'receipt', value: '{{api_1.output.receipt}}' }] } },
    ],
    edges: [edge('e1', trigger.id, 'wait_1'), edge('e2', 'wait_1', 'api_1'), edge('e3', 'api_1', response.id)],
  };
}

async function deployed(name: string, document: object): Promise<string> {
  const { id } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name, ...document });
  await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
  return id;
}

const hook = (flowId: string, body: unknown, key?: string) =>
  fetch(`${weft.url}/hook/${flowId}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, ...(key ? { 'idempotency-key': key } : {}) },
  });

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      effects.push(JSON.parse(text));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ receipt: `r${effects.length}` }));
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  const { port } = receiver.address() as AddressInfo;
  receiverUrl = `http://127.0.0.1:${port}/effect`;
  weft = await startTestWeft({ outboundAllow: [`127.0.0.1:${port}`] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Idempotent' })).id;
  apiKey = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'caller' })).key;
  flows.hook = await deployed('pay', sideEffectFlow({ id: 'webhookTrigger_1', type: 'webhookTriggerNode' }, { id: 'apiResponse_1', type: 'apiResponseNode' }));
  flows.graphql = await deployed('pay by graphql', sideEffectFlow({ id: 'graphqlTrigger_1', type: 'graphqlTriggerNode' }, { id: 'graphqlResponse_1', type: 'graphqlResponseNode' }));
});
afterAll(async () => {
  await weft?.close();
  await new Promise((ok) => receiver?.close(ok));
});

describe('Idempotency-Key', () => {
  it('makes a repeat (while the first call waits, and after it) answer the first run, which ran once', async () => {
    const before = effects.length;
    const [first, during] = await Promise.all([hook(flows.hook, { order: 'A1' }, 'order-A1'), new Promise((ok) => setTimeout(ok, 300)).then(() => hook(flows.hook, { order: 'A1' }, 'order-A1'))]);
    const after = await hook(flows.hook, { order: 'A1' }, 'order-A1');
    const answers = [first, during, after];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const runIds = new Set(answers.map((a) => a.headers.get('x-weft-run-id')));
    expect(runIds.size).toBe(1);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(bodies).toEqual([bodies[0], bodies[0], bodies[0]]);
    expect(effects.slice(before)).toEqual([{ order: 'A1' }]);
    // a call without a key, or with another key, is a call of its own
    expect((await hook(flows.hook, { order: 'A1' }, 'order-A1-again')).status).toBe(200);
    expect(effects.length).toBe(before + 2);
    const history = await weft.api<{ runId: string; idempotencyKey?: string }[]>('GET', `/api/flows/${flows.hook}/runs`);
    expect(history.filter((r) => runIds.has(r.runId))).toEqual([expect.objectContaining({ idempotencyKey: 'order-A1' })]);
    // the run carries the key: the run API and the run list
    const [runId] = runIds;
    expect((await weft.api<{ idempotencyKey?: string }>('GET', `/api/runs/${runId}`)).idempotencyKey).toBe('order-A1');
    expect(history.find((r) => r.runId === answers[0].headers.get('x-weft-run-id'))?.idempotencyKey).toBe('order-A1');
    // the log record carries the key, once
    await weft.logged();
    const { items } = await weft.api<{ items: LogRecord[] }>('GET', `/api/projects/${projectId}/logs?flowId=${flows.hook}`);
    const keyed = items.filter((r) => r.idempotencyKey === 'order-A1');
    expect(keyed).toHaveLength(1);
    expect(runIds.has(keyed[0].runId!)).toBe(true);
  });

  it('refuses the same key with another body (422) and a malformed key (400), starting nothing', async () => {
    const before = effects.length;
    expect((await hook(flows.hook, { order: 'B1' }, 'order-B')).status).toBe(200);
    const other = await hook(flows.hook, { order: 'B2' }, 'order-B');
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ error: { code: 'idempotency_key_reused', message: MISMATCH_MESSAGE } });
    for (const key of ['has space', 'x'.repeat(256), 'a/b']) {
      const bad = await hook(flows.hook, { order: 'B3' }, key);
      expect(bad.status).toBe(400);
      expect((await bad.json()).error.message).toBe(INVALID_KEY_MESSAGE);
    }
    expect(effects.length).toBe(before + 1);
  });

  it('starts the run of a key whose first call died after recording it', async () => {
    const redis = connectStores(process.env.REDIS_URL!);
    try {
      // what the first call left before its process died: the key taken, no run started
      const claim = await new IdempotencyKeys(redis, weft.prefix).claim(projectId, 'order-C', fingerprintOf(flows.hook, undefined, { order: 'C1' }));
      expect(claim.first).toBe(true);
      const before = effects.length;
      const retry = await hook(flows.hook, { order: 'C1' }, 'order-C');
      expect(retry.status).toBe(200);
      expect(retry.headers.get('x-weft-run-id')).toBe(claim.runId);
      expect((await weft.api<{ idempotencyKey?: string }>('GET', `/api/runs/${claim.runId}`)).idempotencyKey).toBe('order-C');
      expect(effects.slice(before)).toEqual([{ order: 'C1' }]);
    } finally {
      redis.disconnect();
    }
  });

  it('holds for the automation service (n8n) calling its trigger’s flow, whose run carries the key', async () => {
    // the credential is only what the studio lists the service's workflows with: the call is the service's POST to /hook
    await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'n8n', credential_type: 'automationService', credentials: { hostUrl: 'http://127.0.0.1:9/', apiKey: 'n8n-key' } });
    const automation = await deployed('pay from n8n', sideEffectFlow({ id: 'automationTrigger_1', type: 'automationTriggerNode', values: { credentials: 'n8n', workflowId: 'w1' } }, { id: 'automationResponse_1', type: 'automationResponseNode' }));
    const before = effects.length;
    const [one, two] = [await hook(automation, { order: 'N1' }, 'n8n-1'), await hook(automation, { order: 'N1' }, 'n8n-1')];
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(await two.json()).toEqual(await one.json());
    const runId = one.headers.get('x-weft-run-id')!;
    expect(two.headers.get('x-weft-run-id')).toBe(runId);
    expect(effects.slice(before)).toEqual([{ order: 'N1' }]);
    expect((await weft.api<{ idempotencyKey?: string }>('GET', `/api/runs/${runId}`)).idempotencyKey).toBe('n8n-1');
  });

  it('holds for GraphQL and for MCP tool calls', async () => {
    const before = effects.length;
    const execute = () =>
      fetch(`${weft.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, 'x-project-id': projectId, 'idempotency-key': 'gql-1' },
        body: JSON.stringify({ query: `{ executeWorkflow(workflowId: "${flows.graphql}", payload: {order: "G1"}) { status result requestId } }` }),
      }).then((a) => a.json() as Promise<{ data: { executeWorkflow: { status: string; result: unknown; requestId: string } } }>);
    const [one, two] = [await execute(), await execute()];
    expect(one.data.executeWorkflow.status).toBe('success');
    expect(two.data.executeWorkflow).toEqual(one.data.executeWorkflow);
    expect((await weft.api<{ idempotencyKey?: string }>('GET', `/api/runs/${one.data.executeWorkflow.requestId}`)).idempotencyKey).toBe('gql-1');
    expect(effects.slice(before)).toEqual([{ order: 'G1' }]);

    // an async flow answers at once with its request id: a repeat answers the same id and starts nothing
    const asyncFlow = await deployed('pay by graphql, async', sideEffectFlow({ id: 'graphqlTrigger_1', type: 'graphqlTriggerNode', values: { responeType: 'async' } }, { id: 'graphqlResponse_1', type: 'graphqlResponseNode' }));
    const executeAsync = () =>
      fetch(`${weft.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, 'x-project-id': projectId, 'idempotency-key': 'gql-async-1' },
        body: JSON.stringify({ query: `{ executeWorkflow(workflowId: "${asyncFlow}", payload: {order: "G2"}) { status result } }` }),
      }).then((a) => a.json() as Promise<{ data: { executeWorkflow: { status: string; result: { requestId: string } } } }>);
    const asyncBefore = effects.length;
    const first = await executeAsync();
    const requestId = first.data.executeWorkflow.result.requestId;
    expect(requestId).toMatch(/^run_/);
    const again = await executeAsync();
    expect(again.data.executeWorkflow.result.requestId).toBe(requestId);
    const status = async () =>
      (await fetch(`${weft.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, 'x-project-id': projectId },
        body: JSON.stringify({ query: `{ checkStatus(requestId: "${requestId}") }` }),
      }).then((a) => a.json() as Promise<{ data: { checkStatus: { status: string } } }>)).data.checkStatus.status;
    for (let i = 0; i < 100 && (await status()) === 'running'; i++) await new Promise((ok) => setTimeout(ok, 100));
    expect(await status()).toBe('success');
    // and after the run ended, a third call with the key still starts nothing
    expect((await executeAsync()).data.executeWorkflow.result.requestId).toBe(requestId);
    expect(effects.slice(asyncBefore)).toEqual([{ order: 'G2' }]);
    expect((await weft.api<{ idempotencyKey?: string }>('GET', `/api/runs/${requestId}`)).idempotencyKey).toBe('gql-async-1');

    const tool = await deployed('pay by tool', {
      nodes: [
        { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} },
        { id: 'api_1', type: 'apiNode', position: at, values: { url: receiverUrl, method: 'POST', body: '{"order": "{{webhookTrigger_1.output.order}}"}' } },
      ],
      edges: [edge('e1', 'webhookTrigger_1', 'api_1')],
    });
    expect(tool).toBeTruthy();
    const callTool = async () => {
      const client = new Client({ name: 'weft-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${weft.url}/mcp/${projectId}`), { requestInit: { headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': 'mcp-1' } } }));
      try {
        const { tools } = await client.listTools();
        const name = tools.find((t) => t.name.startsWith('pay_by_tool'))?.name;
        expect(name).toBeTruthy();
        return await client.callTool({ name: name!, arguments: { order: 'M1' } });
      } finally {
        await client.close();
      }
    };
    const mcpBefore = effects.length;
    const [a, b] = [await callTool(), await callTool()];
    expect(a.isError).toBeFalsy();
    expect(b).toEqual(a);
    expect(effects.slice(mcpBefore)).toEqual([{ order: 'M1' }]);
  });
});
