/**
 * Browser test: agents and tools in the studio. A test run of webhook → Agent classifier →
 * Generate text with a tool server (a real MCP server made with the SDK on loopback) → API
 * response, the loopback OpenAI server as the model: the classifier's unchosen path is skipped,
 * the model node shows its tool call count on the canvas and lists each call (tool, input,
 * answer) in the inspector. The classifier's form edits agent paths; each is an output handle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpTestServer, type McpTestServer } from '../runtime/services/mcp-client/testing/mcp-test-server.ts';
import { chatCompletion, startOpenAILoopback, type OpenAILoopback } from '../runtime/services/models/testing/openai-loopback.ts';
import { nodeSel, pick } from './testing/canvas-actions.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let loopback: OpenAILoopback;
let mcp: McpTestServer;
let flowId = '';

const at = (x: number, y = 0) => ({ x, y });
const edge = (id: string, source: string, target: string, sourceHandle = 'out') => ({ id, source, sourceHandle, target, targetHandle: 'in' });

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  mcp = await startMcpTestServer();
  studio = await openStudio('tools', { outboundAllow: [loopback.host, mcp.host] });
  const projectId = (await studio.project('Agents in the studio')).id;
  await studio.weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'llm', credential_type: 'modelProvider', credentials: { apiKey: 'sk-x', baseUrl: loopback.baseUrl } });
  await studio.weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'Weather tools', credential_type: 'mcpServer', credentials: { hostUrl: `${mcp.url}/mcp`, type: 'http' } });
  const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };
  const flow = await studio.weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: 'Weather agent',
    nodes: [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at(0), values: {} },
      {
        id: 'router_1',
        type: 'agentClassifierNode',
        position: at(320),
        values: {
          generativeModelName: model,
          prompts: [{ role: 'user', content: '{{trigger.output.question}}' }],
          agents: [{ name: 'Weather', description: 'Knows the weather' }, { name: 'Other', description: 'Anything else' }],
        },
      },
      {
        id: 'generateText_1',
        type: 'generateTextNode',
        position: at(640),
        values: { generativeModelName: model, prompts: [{ role: 'user', content: '{{trigger.output.question}}' }], credentials: 'Weather tools', serverTools: ['get_weather'], stream: false },
      },
      { id: 'apiResponse_1', type: 'apiResponseNode', position: at(640, 260), values: { outputMapping: [{ key: 'text', value: 'no agent' }] } },
    ],
    edges: [edge('e1', 'webhookTrigger_1', 'router_1'), edge('e2', 'router_1', 'generateText_1', 'Weather'), edge('e3', 'router_1', 'apiResponse_1', 'Other')],
  });
  flowId = flow.id;
}, 120_000);
afterAll(async () => {
  await studio?.close();
  await loopback?.close();
  await mcp?.close();
});

describe('agents and tools in the studio', () => {
  it('routes by the agent path the model picks and shows the tool calls of the model node', async () => {
    const { page, weft, shot } = studio;
    loopback.handle((request) => {
      const messages = request.body.messages as { role: string; content: string }[];
      if (String(messages[0]?.content).startsWith('Choose exactly one of these agents')) return { json: chatCompletion('gpt-4o-mini', '{"agent":"Weather"}') };
      const answer = messages.find((m) => m.role === 'tool');
      if (!answer) return { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' }] }) };
      return { json: chatCompletion('gpt-4o-mini', `It is ${answer.content}`) };
    });
    await page.goto(`${weft.url}/flows/${flowId}`);
    await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
    // one output handle an agent path
    expect(await page.locator(`${nodeSel('router_1')} [data-handle]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-handle')))).toEqual(['Weather', 'Other']);
    await page.getByTestId('tab-run').click();
    await page.getByTestId('run-input').fill('{"question": "Weather in Oslo?"}');
    await page.getByTestId('run-button').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="current-run"]')?.getAttribute('data-status') === 'completed', undefined, { timeout: 20_000 });
    await expect.poll(() => page.locator(nodeSel('apiResponse_1')).getAttribute('data-state')).toBe('skipped');
    const node = page.locator(nodeSel('generateText_1'));
    await expect.poll(() => node.getAttribute('data-state')).toBe('completed');
    expect(await node.getByTestId('node-tool-calls').textContent()).toBe('1 tool call');
    await pick(page, 'generateText_1');
    const calls = page.getByTestId('inspector-tool-calls').first();
    await expect.poll(() => calls.getByTestId('tool-call').count()).toBe(1);
    const call = await calls.getByTestId('tool-call').first().textContent();
    expect(call).toContain('get_weather');
    expect(call).toContain('{"city":"Oslo"}');
    expect(call).toContain('Sunny in Oslo');
    await shot('tool-calls');
    expect(mcp.calls).toEqual([{ name: 'get_weather', args: { city: 'Oslo' } }]);
    expect(studio.errors).toEqual([]);
  });

  it("edits the classifier's agent paths: a new path is a new output handle", async () => {
    const { page, shot } = studio;
    await page.goto(`${studio.weft.url}/flows/${flowId}`);
    await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
    await pick(page, 'router_1');
    await page.getByRole('button', { name: '+ Add agent path' }).first().click();
    await page.getByLabel('Agent path 3 name').first().fill('Orders');
    await page.getByLabel('Agent path 3 description').first().fill('Looks up orders');
    await expect
      .poll(() => page.locator(`${nodeSel('router_1')} [data-handle]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-handle'))))
      .toEqual(['Weather', 'Other', 'Orders']);
    await shot('agent-paths');
    expect(studio.errors).toEqual([]);
  });
});
