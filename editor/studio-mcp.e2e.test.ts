/**
 * Browser test: the MCP node's Tools field lists the tools of the server its credential names
 * (a real MCP server made with the SDK on loopback), shows the chosen ones ticked, and ticks more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpTestServer, type McpTestServer } from '../runtime/services/mcp-client/testing/mcp-test-server.ts';
import { pick } from './testing/canvas-actions.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let mcp: McpTestServer;
let flowId = '';

beforeAll(async () => {
  mcp = await startMcpTestServer();
  studio = await openStudio('mcp', { outboundAllow: [mcp.host] });
  const projectId = (await studio.project('MCP in the studio')).id;
  await studio.weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'MCP Server', credential_type: 'mcpServer', credentials: { hostUrl: `${mcp.url}/mcp`, type: 'http' } });
  const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };
  const flow = await studio.weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: 'Tools',
    nodes: [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
      { id: 'mcp_1', type: 'mcpNode', position: { x: 320, y: 0 }, values: { promptTemplate: 'hi', credentials: 'MCP Server', generativeModelName: model, selectedTools: ['add'] } },
    ],
    edges: [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'mcp_1', targetHandle: 'in' }],
  });
  flowId = flow.id;
}, 120_000);
afterAll(async () => {
  await studio?.close();
  await mcp?.close();
});

describe('the MCP node in the studio', () => {
  it("offers the server's tools as a multi-select, the chosen ones ticked", async () => {
    const { page, weft, shot } = studio;
    await page.goto(`${weft.url}/flows/${flowId}`);
    await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
    await pick(page, 'mcp_1');
    const tools = page.getByTestId('mcp-tools').first();
    await expect.poll(() => tools.locator('label').allTextContents()).toEqual(['get_weather', 'add', 'explode']);
    expect(await tools.locator('label.on').allTextContents()).toEqual(['add']);
    await tools.locator('label', { hasText: 'get_weather' }).click();
    await expect.poll(() => tools.locator('label.on').allTextContents()).toEqual(['get_weather', 'add']);
    await shot('mcp-tools');
    expect(studio.errors).toEqual([]);
  });
});
