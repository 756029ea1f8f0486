/**
 * GraphQL over HTTP through the whole server (real Redis, real workers): executeWorkflow
 * realtime and async, checkStatus to success / error / failed, the async callback with retries
 * against a loopback receiver that fails the first attempts, API keys, and each flow's own
 * typed operation in introspection.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVALID_KEY_MESSAGE, MISSING_KEY_MESSAGE } from '../../services/auth/api-key-check.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { maxRequestsMessage } from '../../services/usage/limits.ts';
import { MISSING_PROJECT_MESSAGE } from './graphql.ts';

let weft: TestWeft;
let projectId = '';
let key = '';

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  at: number;
}
let receiver: Server;
let receiverUrl = '';
let received: Received[] = [];
let failFirst = 0;

const node = (id: string, type: string, values: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, values });
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
const trigger = (values: Record<string, unknown> = {}) => node('graphqlTrigger_1', 'graphqlTriggerNode', values);
const response = (outputMapping: unknown, values: Record<string, unknown> = {}) =>
  node('graphqlResponse_1', 'graphqlResponseNode', { outputMapping, ...values });

async function deployFlow(name: string, nodes: readonly unknown[], edges: readonly unknown[], project = projectId): Promise<string> {
  const created = await weft.api<{ id: string }>('POST', `/api/projects/${project}/flows`, { name, nodes, edges });
  await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}

/** trigger → response, the response mapping what the caller sent */
const echoFlow = (triggerValues: Record<string, unknown> = {}, responseValues: Record<string, unknown> = {}) =>
  [
    [
      trigger(triggerValues),
      response(
        [
          { key: 'greeting', value: 'Hello {{graphqlTrigger_1.output.message}}' },
          { key: 'user', value: '{{trigger.output.userId}}' },
          { key: 'call', value: '{{trigger.output.message.toString()}}' },
          { key: 'proto', value: 'x{{trigger.output.__proto__}}y' },
        ],
        responseValues,
      ),
    ],
    [edge('e1', 'graphqlTrigger_1', 'graphqlResponse_1')],
  ] as const;

interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

async function graphql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> | null = null) {
  const response = await fetch(`${weft.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(headers ?? { authorization: `Bearer ${key}`, 'x-project-id': projectId }) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as GraphqlAnswer, headers: response.headers };
}

/** an API key of the project, made as a builder does (POST /api/projects/:id/api-keys) */
const createKey = (project: string, name: string) => weft.api<{ id: string; key: string }>('POST', `/api/projects/${project}/api-keys`, { name });

const EXECUTE = 'query Run($id: String!, $payload: JSON!) { executeWorkflow(workflowId: $id, payload: $payload) { status result requestId } }';
const CHECK = 'query Check($id: String!) { checkStatus(requestId: $id) }';

async function execute(workflowId: string, payload: unknown) {
  const answer = await graphql(EXECUTE, { id: workflowId, payload });
  return { ...answer, run: answer.body.data?.executeWorkflow as { status: string; result: any; requestId: string } | null };
}

async function statusUntilDone(requestId: string, timeoutMs = 15_000): Promise<{ status: string; result: any; requestId: string; workflowId: string }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await graphql(CHECK, { id: requestId });
    expect(body.errors).toBeUndefined();
    const status = body.data!.checkStatus as { status: string; result: any; requestId: string; workflowId: string };
    if (status.status !== 'running' || Date.now() > until) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(text), at: Date.now() });
      if (failFirst > 0) {
        failFirst--;
        res.writeHead(500, 'Internal Server Error').end();
      } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // The async webhook may call the test's own receiver; loopback is refused otherwise.
  weft = await startTestWeft({ outboundAllow: [new URL(receiverUrl).host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'GraphQL' })).id;
  key = (await createKey(projectId, 'integration')).key;
});
afterAll(async () => {
  await weft?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});
beforeEach(() => {
  received = [];
  failFirst = 0;
});

describe('executeWorkflow, realtime', () => {
  it("answers in the same call with the response node's mapped output (placeholders with parentheses or __proto__ blanked)", async () => {
    const id = await deployFlow('Echo', ...echoFlow());
    const { status, run, body } = await execute(id, { message: 'Ada', userId: 'u1' });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(run).toEqual({ status: 'success', result: { greeting: 'Hello Ada', user: 'u1', call: null, proto: 'xy' }, requestId: expect.stringMatching(/^run_/) });
    // The run is a production run whose status checkStatus reports too.
    expect(await statusUntilDone(run!.requestId)).toEqual({ requestId: run!.requestId, workflowId: id, status: 'success', result: run!.result });
  });

  it("answers status 'error' with the node's message, its kind and the node when the run fails", async () => {
    const id = await deployFlow('Fails', [trigger(), node('code_1', 'codeNode', { code: "throw new Error('nope')" }), response([{ key: 'x', value: '1' }])], [
      edge('e1', 'graphqlTrigger_1', 'code_1'),
      edge('e2', 'code_1', 'graphqlResponse_1'),
    ]);
    const { run } = await execute(id, {});
    // code that throws is the flow's own fault: 'user'
    expect(run).toMatchObject({ status: 'error', result: { message: expect.stringContaining('nope'), errorKind: 'user', failedNode: 'code_1' } });
  });

  it('takes the payload inline too, and over GET', async () => {
    const id = await deployFlow('Inline', ...echoFlow());
    const inline = await graphql(`{ executeWorkflow(workflowId: "${id}", payload: {message: "Bo", n: [1, 2.5, true, null]}) { status result } }`);
    expect(inline.body.data?.executeWorkflow).toEqual({ status: 'success', result: { greeting: 'Hello Bo', user: null, call: null, proto: 'xy' } });
    const url = new URL(`${weft.url}/graphql`);
    url.searchParams.set('query', `{ executeWorkflow(workflowId: "${id}", payload: {message: "Cy"}) { result } }`);
    const get = await fetch(url, { headers: { authorization: `Bearer ${key}`, 'x-project-id': projectId } });
    expect(await get.json()).toEqual({ data: { executeWorkflow: { result: { greeting: 'Hello Cy', user: null, call: null, proto: 'xy' } } } });
  });

  it("answers errors[0].message for unknown, inactive, other projects' and non-GraphQL flows", async () => {
    const draft = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Draft', nodes: echoFlow()[0], edges: echoFlow()[1] });
    const other = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Other' })).id;
    const foreign = await deployFlow('Foreign', ...echoFlow(), other);
    for (const id of ['flow_nope', draft.id, foreign]) {
      const { status, body } = await execute(id, {});
      expect(status).toBe(200);
      expect(body).toEqual({ data: { executeWorkflow: null }, errors: [expect.objectContaining({ message: 'Workflow not found', extensions: { code: 'not_found' } })] });
    }
    const hook = await deployFlow('Hook', [node('webhookTrigger_1', 'webhookTriggerNode')], []);
    const { body } = await execute(hook, {});
    expect(body.errors?.[0].message).toBe(`Flow ${hook} is not started by the GraphQL trigger (its trigger is webhookTriggerNode)`);
    const missing = await graphql('{ executeWorkflow(workflowId: "x") { status } }');
    expect(missing.body.errors?.[0].message).toMatch(/argument "payload" of type "JSON!" is required/);
  });
});

describe('executeWorkflow, async, and checkStatus', () => {
  it('answers at once with a request id; the response node POSTs the result to the webhook, retrying past failures', async () => {
    failFirst = 2;
    const id = await deployFlow(
      'Async callback',
      ...echoFlow({
        responeType: 'async',
        webhookUrl: `${receiverUrl}/done?user={{trigger.output.userId}}`,
        headers: '{"x-secret": "s3cret", "x-user": "{{trigger.output.userId}}"}',
        retries: 3,
        retry_delay: 0.3,
      }),
    );
    const started = Date.now();
    const { run } = await execute(id, { message: 'Ada', userId: 'u7' });
    expect(run).toEqual({ status: 'success', result: { requestId: run!.requestId, status: 'running' }, requestId: expect.stringMatching(/^run_/) });
    const done = await statusUntilDone(run!.requestId);
    expect(done).toEqual({ requestId: run!.requestId, workflowId: id, status: 'success', result: { greeting: 'Hello Ada', user: 'u7', call: null, proto: 'xy' } });
    // Two failed attempts, then the one that got through, retry_delay apart.
    expect(received).toHaveLength(3);
    for (const call of received) {
      expect(call.url).toBe('/done?user=u7');
      expect(call.headers).toMatchObject({ 'x-secret': 's3cret', 'x-user': 'u7', 'content-type': 'application/json' });
      expect(call.body).toEqual({ status: 'success', result: done.result, requestId: run!.requestId });
    }
    expect(received[1].at - received[0].at).toBeGreaterThanOrEqual(280);
    expect(received[2].at - received[1].at).toBeGreaterThanOrEqual(280);
    expect(received[0].at).toBeGreaterThanOrEqual(started);
  });

  it("reports 'error' with 'Error in running graphql response' when every webhook attempt fails", async () => {
    failFirst = 10;
    const id = await deployFlow('Async unreachable', ...echoFlow({ responeType: 'async', webhookUrl: `${receiverUrl}/x`, retries: 1, retry_delay: 0 }));
    const { run } = await execute(id, { message: 'x' });
    const done = await statusUntilDone(run!.requestId);
    expect(done.status).toBe('error');
    // a receiver answering 500 is another service's fault: operational
    expect(done.result).toEqual({ message: 'Error in running graphql response: 500 Internal Server Error', errorKind: 'operational', failedNode: 'graphqlResponse_1' });
    expect(received).toHaveLength(2);
  });

  it("reports 'error' when a node fails, 'failed' when the run is cancelled", async () => {
    const failing = await deployFlow('Async failing', [trigger({ responeType: 'async' }), node('code_1', 'codeNode', { code: "throw new Error('broken')" }), response([{ key: 'x', value: '1' }])], [
      edge('e1', 'graphqlTrigger_1', 'code_1'),
      edge('e2', 'code_1', 'graphqlResponse_1'),
    ]);
    const failed = await statusUntilDone((await execute(failing, {})).run!.requestId);
    expect(failed).toMatchObject({ status: 'error', result: { message: expect.stringContaining('broken'), errorKind: 'user', failedNode: 'code_1' } });

    const slow = await deployFlow('Async slow', [trigger({ responeType: 'async' }), node('wait_1', 'waitNode', { seconds: 5 }), response([{ key: 'x', value: '1' }])], [
      edge('e1', 'graphqlTrigger_1', 'wait_1'),
      edge('e2', 'wait_1', 'graphqlResponse_1'),
    ]);
    const { requestId } = (await execute(slow, {})).run!;
    expect((await graphql(CHECK, { id: requestId })).body.data?.checkStatus).toEqual({ requestId, workflowId: slow, status: 'running', result: null });
    await weft.api('POST', `/api/runs/${requestId}/cancel`);
    expect(await statusUntilDone(requestId)).toEqual({ requestId, workflowId: slow, status: 'failed', result: { message: 'The run was cancelled' } });
  });

  it("answers 'Request not found' for unknown ids, test runs and other projects' requests", async () => {
    const id = await deployFlow('Async plain', ...echoFlow({ responeType: 'async' }));
    const testRun = await weft.api<{ runId: string }>('POST', `/api/flows/${id}/runs`, { input: {} });
    const other = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Other 2' })).id;
    const otherKey = (await createKey(other, 'other')).key;
    const mine = (await execute(id, { message: 'm' })).run!.requestId;
    for (const [requestId, headers] of [
      ['run_nope', null],
      [testRun.runId, null],
      [mine, { authorization: `Bearer ${otherKey}`, 'x-project-id': other }],
    ] as const) {
      const { body } = await graphql(CHECK, { id: requestId }, headers);
      expect(body).toEqual({ data: { checkStatus: null }, errors: [expect.objectContaining({ message: 'Request not found' })] });
    }
  });
});

describe('API keys', () => {
  it('refuses a missing, wrong, revoked or other project’s key with errors[0].message', async () => {
    const id = await deployFlow('Keys', ...echoFlow());
    const created = await createKey(projectId, 'to revoke');
    expect((await execute(id, { message: 'a' })).run?.status).toBe('success');
    const other = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Other 3' })).id;
    const otherKey = (await createKey(other, 'other')).key;
    expect((await weft.request('DELETE', `/api/projects/${projectId}/api-keys/${created.id}`)).status).toBe(204);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ 'x-project-id': projectId }, 401, MISSING_KEY_MESSAGE],
      [{ 'x-project-id': projectId, authorization: 'Bearer wft_wrong' }, 401, INVALID_KEY_MESSAGE],
      [{ 'x-project-id': projectId, authorization: `Bearer ${created.key}` }, 401, INVALID_KEY_MESSAGE],
      [{ 'x-project-id': projectId, authorization: `Bearer ${otherKey}` }, 401, INVALID_KEY_MESSAGE],
      [{ authorization: `Bearer ${key}` }, 400, MISSING_PROJECT_MESSAGE],
      [{ authorization: `Bearer ${key}`, 'x-workflow-id': 'flow_nope' }, 404, 'Workflow not found'],
      [{ authorization: `Bearer ${otherKey}`, 'x-workflow-id': id }, 401, INVALID_KEY_MESSAGE],
    ];
    for (const [headers, status, message] of cases) {
      const answer = await graphql(EXECUTE, { id, payload: {} }, headers);
      expect([answer.status, answer.body.errors?.[0].message]).toEqual([status, message]);
      expect(answer.body.data).toBeUndefined();
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect(MISSING_PROJECT_MESSAGE).toBe('Atleast provide Workflow or Project ID');
    // Nothing ran for the refused calls: the flow has exactly the one run.
    expect(await weft.api<unknown[]>('GET', `/api/flows/${id}/runs`)).toHaveLength(1);
    // a flow's id names its project as well as the project's id does
    const viaFlow = await graphql(EXECUTE, { id, payload: { message: 'b' } }, { authorization: `Bearer ${key}`, 'x-workflow-id': id });
    expect(viaFlow.body.data?.executeWorkflow).toMatchObject({ status: 'success' });
  });
});

describe('plan limits', () => {
  it("counts every executeWorkflow against the starter plan's daily cap and refuses past it", async () => {
    const project = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Limited' })).id;
    const headers = { authorization: `Bearer ${(await createKey(project, 'limited')).key}`, 'x-project-id': project };
    const id = await deployFlow('Counted', ...echoFlow({ responeType: 'async' }), project);
    const dailyCap = 100; // starter plan: 3000 requests over 30 days, a thirtieth of it a day
    for (let sent = 0; sent < dailyCap; sent += 10) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => graphql(EXECUTE, { id, payload: {} }, headers)));
      expect(answers.map((a) => (a.body.data?.executeWorkflow as { status: string } | null)?.status)).toEqual(Array(10).fill('success'));
    }
    const refused = await graphql(EXECUTE, { id, payload: {} }, headers);
    expect(refused.body).toEqual({
      data: { executeWorkflow: null },
      errors: [expect.objectContaining({ message: maxRequestsMessage(dailyCap, dailyCap), extensions: { code: 'max_requests' } })],
    });
    // Reading a request's status is not a call of the flow: it is never counted nor refused.
    expect((await graphql(CHECK, { id: 'run_nope' }, headers)).body.errors?.[0].message).toBe('Request not found');
  });
});

describe("each flow's own typed operation", () => {
  const INTROSPECT = `{
    __schema {
      queryType { fields { name args { name type { kind name ofType { name } } } } }
      types { name kind inputFields { name type { kind name ofType { kind name } } } enumValues { name } }
    }
  }`;
  type Introspection = {
    __schema: {
      queryType: { fields: Array<{ name: string; args: Array<{ name: string; type: { kind: string; name: string | null; ofType: { name: string } | null } }> }> };
      types: Array<{ name: string; kind: string; inputFields: Array<{ name: string; type: { kind: string; name: string | null; ofType: { kind: string; name: string } | null } }> | null; enumValues: Array<{ name: string }> | null }>;
    };
  };

  it('appears in introspection with an input type from advance_schema, runs the flow, and follows deploys', async () => {
    const project = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Typed' })).id;
    const typedKey = (await createKey(project, 'typed')).key;
    const headers = { authorization: `Bearer ${typedKey}`, 'x-project-id': project };
    const advance_schema = JSON.stringify({
      type: 'object',
      properties: {
        message: { type: 'string', description: 'What the caller asks' },
        'user-id': { type: 'string' },
        count: { type: 'integer' },
        tone: { type: 'string', enum: ['friendly', 'formal'] },
        tags: { type: 'array', items: { type: 'string' } },
        address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
      required: ['message'],
    });
    const [nodes, edges] = echoFlow({ advance_schema });
    const lookup = await deployFlow('Order lookup', [...nodes], [...edges], project);
    // A flow left with the default advance_schema (the spec's sample input) gets its own operation too.
    const sample = await deployFlow('Order lookup', ...echoFlow(), project);

    const introspection = await graphql(INTROSPECT, {}, headers);
    expect(introspection.body.errors).toBeUndefined();
    const schema = introspection.body.data as Introspection;
    const fields = Object.fromEntries(schema.__schema.queryType.fields.map((f) => [f.name, f.args]));
    expect(Object.keys(fields)).toEqual(['executeWorkflow', 'executeAgent', 'checkStatus', 'orderLookup', `orderLookup_${sample}`]);
    expect(fields.orderLookup).toEqual([
      { name: 'input', type: { kind: 'NON_NULL', name: null, ofType: { name: 'OrderLookupInput' } } },
      { name: 'version', type: { kind: 'SCALAR', name: 'Int', ofType: null } },
    ]);
    const type = (name: string) => schema.__schema.types.find((t) => t.name === name)!;
    expect(type('OrderLookupInput').inputFields).toEqual([
      { name: 'message', type: { kind: 'NON_NULL', name: null, ofType: { kind: 'SCALAR', name: 'String' } } },
      { name: 'user_id', type: { kind: 'SCALAR', name: 'String', ofType: null } },
      { name: 'count', type: { kind: 'SCALAR', name: 'Int', ofType: null } },
      { name: 'tone', type: { kind: 'ENUM', name: 'OrderLookupInputToneEnum', ofType: null } },
      { name: 'tags', type: { kind: 'LIST', name: null, ofType: { kind: 'SCALAR', name: 'String' } } },
      { name: 'address', type: { kind: 'INPUT_OBJECT', name: 'OrderLookupInputAddress', ofType: null } },
    ]);
    expect(type('OrderLookupInputToneEnum').enumValues).toEqual([{ name: 'friendly' }, { name: 'formal' }]);
    expect(type(`OrderLookup_${sample}Input`).inputFields?.map((f) => [f.name, f.type.kind])).toEqual([
      ['message', 'NON_NULL'],
      ['userId', 'SCALAR'],
    ]);

    // The typed operation runs the flow; renamed properties reach it under their own names.
    const typed = await graphql(
      '{ orderLookup(input: {message: "Di", user_id: "u9", tone: formal, address: {city: "Oslo"}}) { status result requestId } }',
      {},
      headers,
    );
    expect(typed.body.data?.orderLookup).toMatchObject({ status: 'success', result: { greeting: 'Hello Di', user: null } });
    const runId = (typed.body.data?.orderLookup as { requestId: string }).requestId;
    expect((await weft.api<{ input: unknown }>('GET', `/api/runs/${runId}`)).input).toEqual({ message: 'Di', 'user-id': 'u9', tone: 'formal', address: { city: 'Oslo' } });
    // GraphQL checks the input against the flow's type before anything runs.
    const invalid = await graphql('{ orderLookup(input: {tone: loud}) { status } }', {}, headers);
    expect(invalid.body.errors?.map((e) => e.message).sort()).toEqual([
      'Field "OrderLookupInput.message" of required type "String!" was not provided.',
      'Value "loud" does not exist in "OrderLookupInputToneEnum" enum.',
    ]);

    // Undeploying removes the operation; the next request sees it.
    await weft.api('POST', `/api/flows/${lookup}/deploy`, { status: 'inactive' });
    const after = (await graphql(INTROSPECT, {}, headers)).body.data as Introspection;
    expect(after.__schema.queryType.fields.map((f) => f.name)).toEqual(['executeWorkflow', 'executeAgent', 'checkStatus', 'orderLookup']);
  });
});
