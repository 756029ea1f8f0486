/**
 * The MCP node through the whole server, against a real MCP server made with the SDK's own
 * server classes on loopback (streamable HTTP and SSE) and the loopback OpenAI server: the
 * node lists the server's tools, offers the selected ones, the model asks for one, the tool
 * runs on the MCP server with the model's arguments, and the answer comes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { chatCompletion, startOpenAILoopback, type OpenAILoopback } from '../models/testing/openai-loopback.ts';
import { startMcpTestServer, type McpTestServer } from './testing/mcp-test-server.ts';

let weft: TestWeft;
let loopback: OpenAILoopback;
let mcp: McpTestServer;
let projectId = '';
let key = '';

const at = { x: 0, y: 0 };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };
const hook = (id: string, body: unknown) => weft.request('POST', `/hook/${id}`, body, { authorization: `Bearer ${key}` });

async function mcpCredential(name: string, credentials: Record<string, unknown>): Promise<{ credentials: Record<string, unknown> }> {
  return weft.api('POST', `/api/projects/${projectId}/credentials`, { name, credential_type: 'mcpServer', credentials });
}

/** webhook → MCP node → API response (its answer and tool calls) */
async function mcpFlow(credential: string, selectedTools: string[]): Promise<string> {
  const trigger = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} };
  const node = {
    id: 'mcp_1',
    type: 'mcpNode',
    position: at,
    values: { promptTemplate: '{{trigger.output.question}}', credentials: credential, generativeModelName: model, selectedTools },
  };
  const mapping = [
    { key: 'text', value: '{{mcp_1.output.generatedResponse}}' },
    { key: 'calls', value: '{{mcp_1.output.tool_calls}}' },
  ];
  const response = { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: mapping } };
  const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: 'mcp flow', nodes: [trigger, node, response], edges: [edge('e1', 'webhookTrigger_1', 'mcp_1'), edge('e2', 'mcp_1', 'apiResponse_1')],
  });
  await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}

/** The model asks for `tool` with `args`, then answers with what the tool said. */
function scriptToolCall(tool: string, args: Record<string, unknown>): void {
  loopback.handle((request) => {
    const answer = (request.body.messages as { role: string; content: string }[]).find((m) => m.role === 'tool');
    if (!answer) return { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_1', name: tool, arguments: JSON.stringify(args) }] }) };
    return { json: chatCompletion('gpt-4o-mini', `The tool said: ${answer.content}`) };
  });
}

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  mcp = await startMcpTestServer();
  weft = await startTestWeft({ outboundAllow: [loopback.host, mcp.host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'MCP' })).id;
  key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'mcp test' })).key;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'llm', credential_type: 'modelProvider', credentials: { apiKey: 'sk-x', baseUrl: loopback.baseUrl } });
  // the host URL's trailing slash is removed on save; the headers, JSON text, are stored parsed
  const http = await mcpCredential('MCP Server', { hostUrl: `${mcp.url}/mcp/`, type: 'http', headers: '{"x-mcp-key":"mcp-secret-1"}' });
  expect(http.credentials.hostUrl).toBe(`${mcp.url}/mcp`);
  await mcpCredential('MCP over SSE', { hostUrl: `${mcp.url}/sse`, type: 'sse', headers: { 'x-mcp-key': 'mcp-secret-2' } });
});
afterAll(async () => {
  await weft?.close();
  await loopback?.close();
  await mcp?.close();
});

describe.each([
  ['streamable HTTP', 'MCP Server', 'mcp-secret-1'],
  ['SSE', 'MCP over SSE', 'mcp-secret-2'],
])('the MCP node over %s', (_transport, credential, secret) => {
  it('offers the selected tools, runs the one the model asks for on the server, and answers', async () => {
    loopback.requests.length = 0;
    mcp.calls.length = 0;
    mcp.headers.length = 0;
    scriptToolCall('get_weather', { city: 'Oslo' });
    const answer = await hook(await mcpFlow(credential, ['get_weather']), { question: 'Weather in Oslo?' });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { text: string; calls: unknown[] };
    expect(body.text).toBe('The tool said: Sunny in Oslo');
    expect(body.calls).toMatchObject([{ id: 'call_1', name: 'get_weather', arguments: { city: 'Oslo' }, result: 'Sunny in Oslo' }]);
    expect(mcp.calls).toEqual([{ name: 'get_weather', args: { city: 'Oslo' } }]);
    // every request to the server carried the credential's headers
    expect(mcp.headers.length).toBeGreaterThan(0);
    expect(mcp.headers.every((h) => h['x-mcp-key'] === secret)).toBe(true);
    // only the selected tool was offered, with the server's schema; its answer went back as a tool message
    const [first, second] = loopback.requests.map((r) => r.body as { tools: { function: { name: string; parameters: { properties: unknown } } }[]; messages: unknown[] });
    expect(first.tools.map((t) => t.function.name)).toEqual(['get_weather']);
    expect(first.tools[0].function.parameters.properties).toMatchObject({ city: { type: 'string', description: 'the city' } });
    expect(first.messages).toEqual([{ role: 'user', content: 'Weather in Oslo?' }]);
    expect(second.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_1', content: 'Sunny in Oslo' });
  });
});

describe('the MCP node', () => {
  it('offers only the selected tools', async () => {
    loopback.requests.length = 0;
    mcp.calls.length = 0;
    scriptToolCall('add', { a: 2, b: 40 });
    const answer = await hook(await mcpFlow('MCP Server', ['add', 'explode']), { question: 'Add 2 and 40' });
    expect(await answer.json()).toMatchObject({ text: 'The tool said: 42' });
    const tools = (loopback.requests[0].body as { tools: { function: { name: string } }[] }).tools;
    expect(tools.map((t) => t.function.name)).toEqual(['add', 'explode']);
    expect(mcp.calls).toEqual([{ name: 'add', args: { a: 2, b: 40 } }]);
  });

  it("fails with 'Error calling MCP tool' and the tool's message when the tool throws", async () => {
    loopback.requests.length = 0;
    scriptToolCall('explode', {});
    const answer = await hook(await mcpFlow('MCP Server', ['explode']), { question: 'Go' });
    expect(answer.status).toBe(422);
    expect(JSON.stringify(await answer.json())).toMatch(/Error calling MCP tool: .*the tool exploded/);
    expect(loopback.requests).toHaveLength(1);
  });

  it("fails with 'Tool {x} not found' for a selected tool the server does not have", async () => {
    loopback.requests.length = 0;
    const answer = await hook(await mcpFlow('MCP Server', ['get_weather', 'teleport']), { question: 'x' });
    expect(JSON.stringify(await answer.json())).toContain('Tool teleport not found');
    expect(loopback.requests).toHaveLength(0);
  });

  it("fails with 'Failure in executing the node, Please try again' when the model gives no answer", async () => {
    loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', '') }));
    const answer = await hook(await mcpFlow('MCP Server', ['add']), { question: 'x' });
    expect(answer.status).toBe(502);
    expect(JSON.stringify(await answer.json())).toContain('Failure in executing the node, Please try again');
  });

  it("refuses a host the outbound policy does not allow: 'ERROR in running LLM Agent' with the reason", async () => {
    await mcpCredential('Private MCP', { hostUrl: 'http://10.0.0.7/mcp', type: 'http' });
    loopback.requests.length = 0;
    const answer = await hook(await mcpFlow('Private MCP', ['get_weather']), { question: 'x' });
    expect(answer.status).toBe(422);
    expect(JSON.stringify(await answer.json())).toMatch(/ERROR in running LLM Agent: .*10\.0\.0\.7/);
    expect(loopback.requests).toHaveLength(0);
  });

  it("lists the server's tools for the node's form", async () => {
    const listed = await weft.api<{ tools: { name: string; description: string }[] }>('GET', `/api/projects/${projectId}/mcp-servers/${encodeURIComponent('MCP over SSE')}/tools`);
    expect(listed.tools).toEqual([
      { name: 'get_weather', description: 'The weather of a city' },
      { name: 'add', description: 'Adds two numbers' },
      { name: 'explode', description: 'Always fails' },
    ]);
    expect((await weft.request('GET', `/api/projects/${projectId}/mcp-servers/nope/tools`)).status).toBe(404);
  });
});
