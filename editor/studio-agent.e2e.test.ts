/**
 * Browser test: a Supervisor in a test run from the studio. The node draws one output handle per
 * agent; the loopback model calls the Weather agent, then answers; the inspector lists the
 * iterations with the model's choice, the agent's input and output, tokens and cost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, startOpenAILoopback, type OpenAILoopback } from '../runtime/services/models/testing/openai-loopback.ts';
import { nodeSel, pick } from './testing/canvas-actions.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let loopback: OpenAILoopback;
let flowId = '';

const edge = (id: string, source: string, target: string, sourceHandle = 'out') => ({ id, source, sourceHandle, target, targetHandle: 'in' });

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  studio = await openStudio('agent', { outboundAllow: [loopback.host] });
  const projectId = (await studio.project('Agents in the studio')).id;
  await studio.weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'llm', credential_type: 'modelProvider', credentials: { apiKey: 'sk-x', baseUrl: loopback.baseUrl } });
  const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };
  const agents = [
    { name: 'Weather', description: 'The weather in a city', schema: { city: { type: 'string', required: true } } },
    { name: 'Math', description: 'Adds', schema: { a: { type: 'number' } } },
  ];
  const flow = await studio.weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: 'Supervised',
    nodes: [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
      { id: 'agent_1', type: 'agent', position: { x: 320, y: 0 }, values: { generativeModelName: model, agents, prompts: [{ role: 'user', content: '{{trigger.output.q}}' }] } },
      { id: 'weather_1', type: 'codeNode', position: { x: 640, y: -120 }, values: { code: "return 'sunny in ' + outputs.agent_1.agentTool.parameters.city;" } },
      { id: 'math_1', type: 'codeNode', position: { x: 640, y: 120 }, values: { code: 'return 1;' } },
      { id: 'agentLoopEnd_1', type: 'agentLoopEndNode', position: { x: 960, y: 0 }, values: {} },
    ],
    edges: [
      edge('e1', 'webhookTrigger_1', 'agent_1'),
      edge('e2', 'agent_1', 'weather_1', 'Weather'),
      edge('e3', 'agent_1', 'math_1', 'Math'),
      edge('e4', 'weather_1', 'agentLoopEnd_1'),
      edge('e5', 'math_1', 'agentLoopEnd_1'),
    ],
  });
  flowId = flow.id;
}, 120_000);
afterAll(async () => {
  await studio?.close();
  await loopback?.close();
});

describe('a Supervisor in the studio', () => {
  it('draws a handle per agent and lists the iterations of a test run', async () => {
    const { page, weft, shot } = studio;
    let call = 0;
    loopback.handle(() =>
      call++ === 0
        ? { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_w', name: 'Weather', arguments: '{"city":"Oslo"}' }] }) }
        : { json: chatCompletion('gpt-4o-mini', 'Sunny in Oslo.') },
    );
    await page.goto(`${weft.url}/flows/${flowId}`);
    await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
    const handles = await page.locator(`${nodeSel('agent_1')} .wn-handle`).evaluateAll((els) => els.map((e) => e.getAttribute('data-handle')));
    expect(handles).toEqual(['Weather', 'Math']);
    await page.getByTestId('tab-run').click();
    await page.getByTestId('run-input').fill('{"q": "Weather in Oslo?"}');
    await page.getByTestId('run-button').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="current-run"]')?.getAttribute('data-status') === 'completed', undefined, { timeout: 20_000 });
    await pick(page, 'agent_1');
    const rows = page.getByTestId('agent-iteration');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-choice')).toBe('Weather');
    expect(await rows.nth(1).getAttribute('data-choice')).toBe('answered');
    const first = (await rows.nth(0).textContent()) ?? '';
    expect(first).toMatch(/10 in · 5 out · 15 tokens · \$\d+\.\d{6} · gpt-4o-mini/);
    expect(first).toContain('"city": "Oslo"');
    expect(first).toContain('sunny in Oslo');
    await shot('agent-iterations');
    expect(studio.errors).toEqual([]);
  });
});
