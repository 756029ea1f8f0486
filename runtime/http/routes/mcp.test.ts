/**
 * weft as an MCP server, through the whole server (real Redis, real workers), called by the
 * official SDK's own Client over its streamable HTTP transport on loopback: the project's
 * active flows listed as tools with their input schemas, a call run as a production run (run
 * history, log record), the API key refusals of the webhook, an unknown tool, a failing flow.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_ADVANCE_SCHEMA } from '../../../catalogue/interface/graphql-trigger-node/definition.ts';
import type { LogRecord } from '../../../contract/logs.ts';
import type { RunSummary } from '../../../contract/runs.ts';
import { INVALID_KEY_MESSAGE, MISSING_KEY_MESSAGE } from '../../services/auth/api-key-check.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { MCP_PATH_MESSAGE } from './mcp.ts';

let weft: TestWeft;
let projectId = '';
let otherProjectId = '';
let key = '';
let otherKey = '';
const flows: Record<string, string> = {};
const clients: Client[] = [];

const node = (id: string, type: string, values: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, values });
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
const chain = (...ids: string[]) => ids.slice(1).map((id, i) => edge(`e${i + 1}`, ids[i], id));

const gradeFlow = {
  nodes: [
    node('webhookTrigger_1', 'webhookTriggerNode'),
    node('apiResponse_1', 'apiResponseNode', {
      outputMapping: [
        { key: 'greeting', value: 'Hello {{trigger.output.name}}' },
        { key: 'score', value: '{{trigger.output.score}}' },
      ],
    }),
  ],
  edges: chain('webhookTrigger_1', 'apiResponse_1'),
};
const failingFlow = {
  nodes: [node('webhookTrigger_1', 'webhookTriggerNode'), node('code_1', 'codeNode', { code: "throw new Error('The order is closed')" }), node('apiResponse_1', 'apiResponseNode', { outputMapping: [{ key: 'x', value: '1' }] })],
  edges: chain('webhookTrigger_1', 'code_1', 'apiResponse_1'),
};
const lookupFlow = {
  nodes: [node('graphqlTrigger_1', 'graphqlTriggerNode', { advance_schema: SAMPLE_ADVANCE_SCHEMA }), node('graphqlResponse_1', 'graphqlResponseNode', { outputMapping: [{ key: 'echo', value: '{{trigger.output.message}}' }] })],
  edges: chain('graphqlTrigger_1', 'graphqlResponse_1'),
};
const chatFlow = {
  nodes: [node('chatTrigger_1', 'chatTriggerNode'), node('chatResponse_1', 'chatResponseNode', { content: 'You said: {{trigger.output.chatMessage}}' })],
  edges: chain('chatTrigger_1', 'chatResponse_1'),
};

async function createFlow(project: string, name: string, flow: { nodes: unknown[]; edges: unknown[] }, deploy = true): Promise<string> {
  const { id } = await weft.api<{ id: string }>('POST', `/api/projects/${project}/flows`, { name, ...flow });
  if (deploy) await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
  return id;
}

const mcpUrl = (project: string) => new URL(`${weft.url}/mcp/${project}`);

async function connect(authorization: string, project = projectId): Promise<Client> {
  const client = new Client({ name: 'weft-test', version: '1.0.0' });
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(project), { requestInit: { headers: { authorization } } }));
  return client;
}

const textOf = (result: object) => (result as { content: { type: string; text: string }[] }).content[0].text;

beforeAll(async () => {
  weft = await startTestWeft();
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'MCP' })).id;
  otherProjectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Other' })).id;
  key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'mcp' })).key;
  otherKey = (await weft.api<{ key: string }>('POST', `/api/projects/${otherProjectId}/api-keys`, { name: 'other' })).key;
  flows.grade = await createFlow(projectId, 'Grade a score', gradeFlow);
  flows.gradeAgain = await createFlow(projectId, 'Grade a Score!', gradeFlow);
  flows.failing = await createFlow(projectId, 'Close order', failingFlow);
  flows.lookup = await createFlow(projectId, 'Order lookup', lookupFlow);
  flows.chat = await createFlow(projectId, 'Ask the bot', chatFlow);
  flows.draft = await createFlow(projectId, 'Work in progress', gradeFlow, false);
  flows.foreign = await createFlow(otherProjectId, 'Foreign flow', gradeFlow);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(() => weft?.close());

describe('POST /mcp/:projectId lists the project’s active flows as tools', () => {
  it('names each tool from its flow, its input schema from the trigger; drafts and other projects’ flows are not there', async () => {
    const client = await connect(`Bearer ${key}`);
    expect(client.getServerVersion()).toEqual({ name: 'weft', version: '1.0.0' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['grade_a_score', `grade_a_score_${flows.gradeAgain}`, 'close_order', 'order_lookup', 'ask_the_bot']);
    expect(tools.map((t) => t.title)).toEqual(['Grade a score', 'Grade a Score!', 'Close order', 'Order lookup', 'Ask the bot']);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.grade_a_score).toEqual({
      name: 'grade_a_score',
      title: 'Grade a score',
      description: 'Grade a score',
      inputSchema: {
        type: 'object',
        properties: { name: { description: 'read as {{trigger.output.name}}' }, score: { description: 'read as {{trigger.output.score}}' } },
      },
    });
    expect(byName.order_lookup.inputSchema).toEqual(JSON.parse(SAMPLE_ADVANCE_SCHEMA));
    expect(byName.ask_the_bot.inputSchema).toMatchObject({
      type: 'object',
      properties: { chatMessage: { type: 'string' }, chatHistory: { type: 'array' } },
      required: ['chatMessage'],
    });
  });

  it('serves the deployed version: a draft edit changes the tool only when it is deployed', async () => {
    const id = await createFlow(projectId, 'Echo', gradeFlow);
    const edited = { ...gradeFlow, nodes: [gradeFlow.nodes[0], node('apiResponse_1', 'apiResponseNode', { outputMapping: [{ key: 'city', value: '{{trigger.output.city}}' }] })] };
    await weft.api('PUT', `/api/flows/${id}`, { name: 'Echo a city', ...edited });
    const toolOf = async () => (await (await connect(`Bearer ${key}`)).listTools()).tools.find((t) => t.name.startsWith('echo'));
    expect(await toolOf()).toMatchObject({ name: 'echo', inputSchema: { properties: { name: {}, score: {} } } });
    await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
    expect(await toolOf()).toMatchObject({ name: 'echo_a_city', inputSchema: { properties: { city: {} } } });
    await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'inactive' });
  });

  it('answers /mcp without a project with a JSON 404 that names the path to use', async () => {
    for (const [method, path] of [['POST', '/mcp'], ['GET', '/mcp'], ['POST', '/mcp/']]) {
      const answer = await fetch(`${weft.url}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(await answer.json()).toEqual({ error: { message: MCP_PATH_MESSAGE, code: 'not_found' } });
    }
    expect(MCP_PATH_MESSAGE).toContain('/mcp/<projectId>');
  });

  it('answers GET and DELETE with 405: the server keeps no sessions', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await fetch(mcpUrl(projectId), { method, headers: { authorization: `Bearer ${key}` } });
      expect(answer.status, method).toBe(405);
      expect(await answer.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
    }
  });
});

describe('calling a tool is a production call of its flow', () => {
  it('runs the flow and answers its response as text and structured content; the run is in the flow’s history and logs', async () => {
    const client = await connect(`Bearer ${key}`);
    const result = await client.callTool({ name: 'grade_a_score', arguments: { name: 'Ada', score: 72 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ greeting: 'Hello Ada', score: 72 });
    expect(JSON.parse(textOf(result))).toEqual({ greeting: 'Hello Ada', score: 72 });
    const runId = (result._meta as { runId: string }).runId;
    const history = await weft.api<RunSummary[]>('GET', `/api/flows/${flows.grade}/runs`);
    expect(history.find((run) => run.runId === runId)).toMatchObject({ mode: 'production', status: 'completed' });
    const record = await logRecordOf(runId);
    expect(record).toMatchObject({ trigger: 'mcp', flowId: flows.grade, responseStatus: 200, request: { method: 'POST', path: `/mcp/${projectId}`, body: { name: 'Ada', score: 72 } } });
  });

  it('hands GraphQL and chat flows their input', async () => {
    const client = await connect(`Bearer ${key}`);
    const lookup = await client.callTool({ name: 'order_lookup', arguments: { message: 'order 7' } });
    expect(lookup.structuredContent).toEqual({ echo: 'order 7' });
    const chat = await client.callTool({ name: 'ask_the_bot', arguments: { chatMessage: 'hi', chatHistory: [] } });
    expect(chat.structuredContent).toMatchObject({ content: 'You said: hi' });
  });

  it('answers a flow that fails with a tool error carrying the flow’s message', async () => {
    const client = await connect(`Bearer ${key}`);
    const result = await client.callTool({ name: 'close_order', arguments: {} });
    expect(result.isError).toBe(true);
    // exactly the run's failure, as the webhook and GraphQL answer it: the Code node's own text
    expect(result.content).toEqual([{ type: 'text', text: 'Error in code: Error: The order is closed' }]);
    const history = await weft.api<RunSummary[]>('GET', `/api/flows/${flows.failing}/runs`);
    expect(history[0]).toMatchObject({ mode: 'production', status: 'failed', failedNode: 'code_1' });
  });

  it('refuses arguments that do not fit the tool’s input schema with a tool error; nothing runs', async () => {
    const client = await connect(`Bearer ${key}`);
    const before = await weft.api<RunSummary[]>('GET', `/api/flows/${flows.lookup}/runs`);
    const result = await client.callTool({ name: 'order_lookup', arguments: { userId: 'u1' } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'Invalid arguments for tool order_lookup: arguments: missing required property message' }], isError: true });
    expect(await weft.api<RunSummary[]>('GET', `/api/flows/${flows.lookup}/runs`)).toEqual(before);
  });

  it('answers a flow made inactive after the client listed it as an unknown tool; nothing runs', async () => {
    const id = await createFlow(projectId, 'Short lived', gradeFlow);
    const client = await connect(`Bearer ${key}`);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('short_lived');
    await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'inactive' });
    const result = await client.callTool({ name: 'short_lived', arguments: { name: 'Ada', score: 1 } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'MCP error -32602: Tool short_lived not found' }], isError: true });
    expect(await weft.api<RunSummary[]>('GET', `/api/flows/${id}/runs`)).toEqual([]);
  });

  it('answers an unknown tool as the SDK’s McpServer does', async () => {
    const client = await connect(`Bearer ${key}`);
    const result = await client.callTool({ name: 'work_in_progress', arguments: {} });
    expect(result).toEqual({ content: [{ type: 'text', text: 'MCP error -32602: Tool work_in_progress not found' }], isError: true });
  });
});

describe('POST /mcp/:projectId needs an API key of the project, as the webhook does', () => {
  it('refuses the client’s connection without a key, with a made-up one, or with another project’s key', async () => {
    // the SDK's StreamableHTTPError carries the HTTP status as its code, and the answer's body
    const refused = (message: string) => ({ code: 401, message: expect.stringContaining(JSON.stringify(message)) });
    await expect(connect('')).rejects.toMatchObject(refused(MISSING_KEY_MESSAGE));
    await expect(connect('Bearer wft_made_up')).rejects.toMatchObject(refused(INVALID_KEY_MESSAGE));
    await expect(connect(`Bearer ${otherKey}`)).rejects.toMatchObject(refused(INVALID_KEY_MESSAGE));
  });

  it('answers 401 with the webhook’s texts before any MCP message is read', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
    for (const [authorization, message] of [
      [undefined, MISSING_KEY_MESSAGE],
      [`Bearer ${otherKey}`, INVALID_KEY_MESSAGE],
    ] as const) {
      const answer = await fetch(mcpUrl(projectId), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(initialize),
      });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(await answer.json()).toEqual({ error: { message, code: 'unauthorized' } });
    }
  });

  it('refuses the next call of a client whose key was revoked after it connected', async () => {
    const made = await weft.api<{ id: string; key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'short lived' });
    const client = await connect(`Bearer ${made.key}`);
    expect((await client.callTool({ name: 'grade_a_score', arguments: { name: 'Ada', score: 1 } })).isError).toBeFalsy();
    await weft.api('DELETE', `/api/projects/${projectId}/api-keys/${made.id}`);
    await expect(client.callTool({ name: 'grade_a_score', arguments: { name: 'Ada', score: 1 } })).rejects.toMatchObject({ code: 401 });
  });

  it('serves another project’s own flows to its own key', async () => {
    const client = await connect(`Bearer ${otherKey}`, otherProjectId);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['foreign_flow']);
  });
});

/** The log record of a run, once its run has ended (records are written then). */
async function logRecordOf(runId: string): Promise<LogRecord> {
  for (let i = 0; i < 200; i++) {
    const { items } = await weft.api<{ items: LogRecord[] }>('GET', `/api/projects/${projectId}/logs`);
    const record = items.find((r) => r.runId === runId);
    if (record) return record;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`no log record of ${runId}`);
}
