/**
 * Browser test: an AI node in a test run from the studio — a project credential pointing at a
 * loopback OpenAI server, webhook → Generate text → API response. The node shows its progress
 * and duration; the inspector shows token usage and cost; the key never reaches the browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatStream, startOpenAILoopback, type OpenAILoopback } from '../runtime/services/models/testing/openai-loopback.ts';
import { nodeSel, pick } from './testing/canvas-actions.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let loopback: OpenAILoopback;
let flowId = '';
let projectId = '';
const secret = 'sk-studio-SECRET-4242';
const answers: string[] = [];

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  studio = await openStudio('ai', { outboundAllow: [loopback.host] });
  studio.page.on('response', async (response) => answers.push(await response.text().catch(() => '')));
  projectId = (await studio.project('AI in the studio')).id;
  await studio.weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'llm', credential_type: 'modelProvider', credentials: { apiKey: secret, baseUrl: loopback.baseUrl } });
  const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };
  const flow = await studio.weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: 'Greeter',
    nodes: [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
      {
        id: 'generateText_1',
        type: 'generateTextNode',
        position: { x: 320, y: 0 },
        values: { generativeModelName: model, prompts: [{ role: 'system', content: 'Greet.' }, { role: 'user', content: 'I am {{trigger.output.name}}' }] },
      },
      { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 640, y: 0 }, values: { outputMapping: [{ key: 'text', value: '{{generateText_1.output.generatedResponse}}' }] } },
    ],
    edges: [
      { id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'generateText_1', targetHandle: 'in' },
      { id: 'e2', source: 'generateText_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' },
    ],
  });
  flowId = flow.id;
}, 120_000);
afterAll(async () => {
  await studio?.close();
  await loopback?.close();
});

describe('an AI node in a test run', () => {
  it('shows progress and duration on the node, and token usage and cost in the inspector', async () => {
    const { page, weft, shot } = studio;
    loopback.handle(() => ({ sse: chatStream('gpt-4o-mini', ['Hello ', 'Ada!'], { promptTokens: 12, completionTokens: 6 }) }));
    await page.goto(`${weft.url}/flows/${flowId}`);
    await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
    // the credential the model names exists: no problem on the node
    await expect.poll(() => page.locator(`${nodeSel('generateText_1')} .wn-status--problem`).count()).toBe(0);
    await page.getByTestId('tab-run').click();
    await page.getByTestId('run-input').fill('{"name": "Ada"}');
    await page.getByTestId('run-button').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="current-run"]')?.getAttribute('data-status') === 'completed', undefined, { timeout: 20_000 });
    const node = page.locator(nodeSel('generateText_1'));
    await expect.poll(() => node.getAttribute('data-state')).toBe('completed');
    expect(await node.locator('.wn-duration').count()).toBe(1);
    expect(await node.locator('.wn-message').textContent()).toBe('LLM response received');
    await pick(page, 'generateText_1');
    const usage = page.getByTestId('inspector-usage').first();
    await expect.poll(() => usage.textContent()).toMatch(/^12 in · 6 out · 18 tokens · \$\d+\.\d{6} · gpt-4o-mini$/);
    await shot('inspector-usage');
    expect(await page.getByTestId('node-inspector').first().textContent()).toContain('Hello Ada!');
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(secret);
    expect(answers.filter((a) => a.includes(secret))).toEqual([]);
    expect(studio.errors).toEqual([]);
  });

  it('remembers the test input per flow', async () => {
    const { page } = studio;
    await page.reload();
    await page.getByTestId('tab-run').click();
    expect(await page.getByTestId('run-input').inputValue()).toBe('{"name": "Ada"}');
  });

  it("sets the project's default models from the project's Models tab", async () => {
    const { page, weft, shot } = studio;
    await page.goto(`${weft.url}/projects/${projectId}/models`);
    const text = page.getByTestId('default-text');
    await text.getByLabel('Text (chat) model name').fill('gpt-4o-mini');
    await text.getByLabel('Text (chat) model provider').selectOption('openai');
    await text.getByLabel('Text (chat) model credential').selectOption('llm');
    // weft's own provider is offered for embeddings only
    expect(await text.getByLabel('Text (chat) model provider').locator('option').allTextContents()).toEqual(['openai', 'openai-compatible']);
    await page.getByRole('button', { name: 'Save default models' }).click();
    await expect.poll(() => weft.api<Record<string, unknown>>('GET', `/api/projects/${projectId}/default-models`)).toMatchObject({
      text_model: { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' },
    });
    await page.reload();
    expect(await page.getByTestId('default-text').getByLabel('Text (chat) model name').inputValue()).toBe('gpt-4o-mini');
    // the credential list loads on its own: the choice shows once its option is there
    await expect.poll(() => page.getByTestId('default-text').getByLabel('Text (chat) model credential').inputValue()).toBe('llm');
    await shot('default-models');
    expect(studio.errors).toEqual([]);
  });
});
