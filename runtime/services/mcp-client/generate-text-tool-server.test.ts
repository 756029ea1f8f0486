/**
 * Generate text's tool server (`credentials`, spec 000 §3), also Generate JSON's and Multi-modal's: a real MCP server made with the
 * SDK's own server classes on loopback, the loopback OpenAI server as the model. The server's
 * tools are offered beside the node's own, called on the server, reported as progress events
 * and in tool_calls; the spec's texts for a missing credential, an unknown tool and a failing one.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMcpTestServer, type McpTestServer } from './testing/mcp-test-server.ts';
import { mcpAccess } from './mcp-access.ts';
import { startAiTestbed, type AiTestbed } from '../models/testing/ai-testbed.ts';
import { chatCompletion } from '../models/testing/openai-loopback.ts';
import { AllowList } from '../outbound/address-policy.ts';
import { Outbound } from '../outbound/client.ts';
import { runNode } from '../../../catalogue/testing/node-harness.ts';
import supervisor from '../../../catalogue/ai/agent-node/run.ts';
import generateJson from '../../../catalogue/ai/generate-json-node/run.ts';
import multiModal from '../../../catalogue/ai/multi-modal-node/run.ts';
import node from '../../../catalogue/ai/generate-text-node/run.ts';

let bed: AiTestbed;
let server: McpTestServer;
beforeAll(async () => {
  bed = await startAiTestbed();
  server = await startMcpTestServer();
});
afterAll(async () => {
  await bed.close();
  await server.close();
});
beforeEach(() => {
  bed.reset();
  server.calls.length = 0;
});

/** A context whose project has the MCP server credential 'tools' (streamable HTTP) and 'tools-sse'. */
const context = (extra: { iteration?: number } = {}) =>
  bed.context({
    ...extra,
    services: { mcp: mcpAccess(new Outbound({ allow: new AllowList([server.host]) })) },
    credentials: {
      async get(name) {
        if (name === 'tools') return { hostUrl: `${server.url}/mcp`, type: 'http' };
        if (name === 'tools-sse') return { hostUrl: `${server.url}/sse`, type: 'sse' };
        throw new Error(`No credentials found for ${name}`);
      },
    },
  });

/** The model calls `tool` with `args` once, then answers with what it was told. */
function scriptToolCall(tool: string, args: Record<string, unknown>): void {
  bed.loopback.handle((request) => {
    const answer = (request.body.messages as { role: string; content: string }[]).find((m) => m.role === 'tool');
    if (!answer) return { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_1', name: tool, arguments: JSON.stringify(args) }] }) };
    return { json: chatCompletion('gpt-4o-mini', `The tool said: ${answer.content}`) };
  });
}
const ask = { prompts: [{ role: 'user', content: 'Weather in Oslo?' }], stream: false };
const offered = (i = 0) => (bed.loopback.requests[i].body as { tools: { function: { name: string } }[] }).tools.map((t) => t.function.name);

describe('Generate text with a tool server', () => {
  it.each([['streamable HTTP', 'tools'], ['SSE', 'tools-sse']])(
    "offers every tool of the server (%s) beside its own, calls the one the model picks on the server, and shows the call as progress",
    async (_transport, credentials) => {
      scriptToolCall('get_weather', { city: 'Oslo' });
      const ctx = context();
      const tools = [{ name: 'add_one', code: 'return input.n + 1;' }];
      const result = await runNode(node, { ...ask, tools, credentials }, ctx);
      expect(offered()).toEqual(['add_one', 'get_weather', 'add', 'explode']);
      expect(server.calls).toEqual([{ name: 'get_weather', args: { city: 'Oslo' } }]);
      expect(result.output).toMatchObject({
        generatedResponse: 'The tool said: Sunny in Oslo',
        tool_calls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Oslo' }, result: 'Sunny in Oslo' }],
      });
      expect(ctx.progressed).toContain('Calling tool get_weather with {"city":"Oslo"}');
      expect(ctx.progressed).toContain('Tool get_weather answered: Sunny in Oslo');
    },
  );

  it('offers only the server tools chosen under Server tools', async () => {
    scriptToolCall('add', { a: 2, b: 40 });
    const result = await runNode(node, { ...ask, credentials: 'tools', serverTools: ['add'] }, context());
    expect(offered()).toEqual(['add']);
    expect(result.output).toMatchObject({ generatedResponse: 'The tool said: 42' });
  });

  it("fails with 'Error calling MCP tool' and the server's message when the tool fails", async () => {
    scriptToolCall('explode', {});
    const failure = runNode(node, { ...ask, credentials: 'tools' }, context());
    await expect(failure).rejects.toThrow(/^Error calling MCP tool: .*the tool exploded/);
    expect(bed.loopback.requests).toHaveLength(1);
  });

  it("fails with 'Tool {x} not found' for a chosen tool the server does not list, before calling the model", async () => {
    await expect(runNode(node, { ...ask, credentials: 'tools', serverTools: ['get_weather', 'teleport'] }, context())).rejects.toThrow('Tool teleport not found');
    expect(bed.loopback.requests).toHaveLength(0);
  });

  it("fails with 'credential {name} not found! Please add first' when the tool server's credential is missing", async () => {
    await expect(runNode(node, { ...ask, credentials: 'nowhere' }, context())).rejects.toThrow('credential nowhere not found! Please add first');
    expect(bed.loopback.requests).toHaveLength(0);
  });

  it("fails with 'Error calling MCP tool' naming the server when it cannot be reached (kept a passing fault)", async () => {
    const ctx = bed.context({
      services: { mcp: mcpAccess(new Outbound({ allow: new AllowList(['127.0.0.1:9']) })) },
      credentials: { get: async () => ({ hostUrl: 'http://127.0.0.1:9/mcp', type: 'http' }) },
    });
    const failure = runNode(node, { ...ask, credentials: 'down' }, ctx);
    await expect(failure).rejects.toThrow(/^Error calling MCP tool: the tool server down: /);
    await expect(failure).rejects.toMatchObject({ kind: 'operational' });
  });

  it('refuses a tool of its own with the name of a server tool', async () => {
    const tools = [{ name: 'add', code: 'return 1;' }];
    await expect(runNode(node, { ...ask, tools, credentials: 'tools' }, context())).rejects.toThrow('Tool add is defined twice');
  });

  it.each([
    ['Generate JSON', generateJson, {}],
    ['Multi-modal', multiModal, { attachments: ['https://images.example.com/oslo.png'] }],
  ] as const)('%s takes a tool server too: its chosen tools offered and called on the server', async (_name, model, extra) => {
    bed.loopback.handle((request) => {
      const answer = (request.body.messages as { role: string; content: string }[]).find((m) => m.role === 'tool');
      if (!answer) return { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_1', name: 'add', arguments: '{"a":2,"b":40}' }] }) };
      return { json: chatCompletion('gpt-4o-mini', JSON.stringify({ answer: `The tool said: ${answer.content}` })) };
    });
    const result = await runNode(model, { ...ask, ...extra, credentials: 'tools', serverTools: ['add'] }, context());
    expect(offered()).toEqual(['add']);
    expect(server.calls).toEqual([{ name: 'add', args: { a: 2, b: 40 } }]);
    expect(result.output).toMatchObject({ tool_calls: [{ id: 'call_1', name: 'add', arguments: { a: 2, b: 40 }, result: '42' }] });
    expect(JSON.stringify((result.output as { generatedResponse: unknown }).generatedResponse)).toContain('The tool said: 42');
  });

  it('the Supervisor takes a tool server too: a server tool called within the turn, then the agent chosen', async () => {
    let i = 0;
    bed.loopback.handle(() =>
      i++ === 0
        ? { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_1', name: 'add', arguments: '{"a":2,"b":40}' }] }) }
        : { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_2', name: 'Writer', arguments: '{"topic":"42"}' }] }) },
    );
    const agents = [{ name: 'Writer', description: 'Writes', schema: { topic: { type: 'string', required: true } } }];
    const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'openai-test' };
    const values = { ...ask, agents, generativeModelName: model, credentials: 'tools', serverTools: ['add'], loopOutput: [] };
    const result = await runNode(supervisor, values, context({ iteration: 0 }));
    expect(offered()).toEqual(['Writer', 'add']);
    expect(server.calls).toEqual([{ name: 'add', args: { a: 2, b: 40 } }]);
    expect(result.route).toEqual(['Writer']);
    expect(result.output).toMatchObject({ agentTool: { name: 'Writer', parameters: { topic: '42' } }, tool_calls: [{ name: 'add', result: '42' }] });
  });
});
