/**
 * Browser test: test input fits the trigger for widget flows. A chat flow (chat trigger →
 * Generate text against a loopback OpenAI server that streams → chat response) gets a Chat tab:
 * a message is a test run shown on the canvas, the answer streams in piece by piece as markdown
 * (no HTML from it reaches the page), a follow-up carries the conversation as chat history, New
 * chat starts over, and a failed run says why in the pane. A search flow gets a search box whose
 * results are listed as the widget lists them; a refused search says why beside the box.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, chatStream, echoAnswer, startOpenAILoopback, type OpenAILoopback } from '../runtime/services/models/testing/openai-loopback.ts';
import { searchFlow } from '../runtime/integrations/widgets/testing/fixtures.ts';
import { nodeSel } from './testing/canvas-actions.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let loopback: OpenAILoopback;
let projectId = '';
const at = (x: number) => ({ x, y: 0 });
const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };

const chatFlow = {
  name: 'Cafe chat',
  nodes: [
    { id: 'chatTrigger_1', type: 'chatTriggerNode', position: at(0), values: {} },
    {
      id: 'generateText_1',
      type: 'generateTextNode',
      position: at(320),
      values: {
        generativeModelName: model,
        prompts: [{ role: 'system', content: 'You run a cafe.' }, { role: 'user', content: '{{trigger.output.chatMessage}}' }],
        messages: '{{trigger.output.chatHistory}}',
      },
    },
    { id: 'chatResponse_1', type: 'chatResponseNode', position: at(640), values: { content: '{{generateText_1.output.generatedResponse}}' } },
  ],
  edges: [
    { id: 'e1', source: 'chatTrigger_1', sourceHandle: 'out', target: 'generateText_1', targetHandle: 'in' },
    { id: 'e2', source: 'generateText_1', sourceHandle: 'out', target: 'chatResponse_1', targetHandle: 'in' },
  ],
};

/** The model's answer in pieces (each long enough to be streamed on its own), `gapMs` apart. */
function slowStream(pieces: string[], gapMs: number): AsyncIterable<unknown> {
  return (async function* () {
    for (const chunk of chatStream('gpt-4o-mini', pieces)) {
      yield chunk;
      await new Promise((ok) => setTimeout(ok, gapMs));
    }
  })();
}

const answerText = (index: number) => studio.page.getByTestId('chat-answer').nth(index).textContent();
const answerState = (index: number) => studio.page.getByTestId('chat-answer').nth(index).getAttribute('data-state');

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  studio = await openStudio('chat-pane', { outboundAllow: [loopback.host] });
  projectId = (await studio.project('Test panes')).id;
  await studio.weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'llm', credential_type: 'modelProvider', credentials: { apiKey: 'sk-pane-test', baseUrl: loopback.baseUrl } });
}, 120_000);
afterAll(async () => {
  await studio?.close();
  await loopback?.close();
});

describe('the chat test pane', () => {
  const pieces = ['We serve **black tea** and ', 'lemon cake every morning. ', 'Ask for <img src=x onerror="window.__pwned=1"> scones!'];

  it('streams the answer of a test run as markdown, shown live on the canvas', async () => {
    const { page, shot } = studio;
    loopback.handle(() => ({ sse: slowStream(pieces, 700) }));
    await studio.openFlow(projectId, chatFlow);
    expect(await page.getByTestId('tab-search').count()).toBe(0);
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('chat-input').fill('What do you serve?');
    await page.getByTestId('chat-input').press('Enter');
    expect(await page.getByTestId('chat-question').textContent()).toBe('What do you serve?');
    // part of the answer is there while the model is still answering
    await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="chat-answer"]')?.textContent ?? '';
      return text.includes('black tea') && !text.includes('scones');
    }, undefined, { timeout: 15_000 });
    expect(await answerState(0)).toBe('streaming');
    await shot('chat-streaming');
    await expect.poll(() => answerState(0), { timeout: 15_000 }).toBe('answered');
    const answer = page.getByTestId('chat-answer').first();
    expect(await answer.locator('strong').textContent()).toBe('black tea');
    // the HTML in the answer is text: no element made from it, no script run
    expect(await answerText(0)).toContain('Ask for <img src=x onerror="window.__pwned=1"> scones!');
    expect(await answer.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    // the run is a test run, on the canvas like any other
    await expect.poll(() => page.locator(nodeSel('chatResponse_1')).getAttribute('data-state'), { timeout: 10_000 }).toBe('completed');
    const runId = await answer.getAttribute('data-run-id');
    const run = await studio.weft.api<{ mode: string; status: string }>('GET', `/api/runs/${runId}`);
    expect(run).toMatchObject({ mode: 'test', status: 'completed' });
    await shot('chat-answered');
  });

  it('sends the conversation as chat history with a follow-up, until New chat', async () => {
    const { page } = studio;
    loopback.handle(() => ({ sse: chatStream('gpt-4o-mini', ['Scones come with cream on Sundays.']) }));
    const before = await page.getByTestId('chat-pane').getAttribute('data-session');
    await page.getByTestId('chat-input').fill('And on Sundays?');
    await page.getByTestId('chat-send').click();
    await expect.poll(() => answerState(1), { timeout: 15_000 }).toBe('answered');
    expect(await answerText(1)).toBe('Scones come with cream on Sundays.');
    expect(loopback.requests.at(-1)?.body.messages).toEqual([
      { role: 'system', content: 'You run a cafe.' },
      { role: 'user', content: 'What do you serve?' },
      { role: 'assistant', content: pieces.join('') },
      { role: 'user', content: 'And on Sundays?' },
    ]);

    await page.getByTestId('chat-new').click();
    expect(await page.getByTestId('chat-answer').count()).toBe(0);
    expect(await page.getByTestId('chat-pane').getAttribute('data-session')).not.toBe(before);
    loopback.handle(echoAnswer);
    await page.getByTestId('chat-input').fill('Hello again');
    await page.getByTestId('chat-input').press('Enter');
    await expect.poll(() => answerState(0), { timeout: 15_000 }).toBe('answered');
    expect(loopback.requests.at(-1)?.body.messages).toEqual([
      { role: 'system', content: 'You run a cafe.' },
      { role: 'user', content: 'Hello again' },
    ]);
  });

  it('shows the run’s error in the pane when the run fails', async () => {
    const { page, shot } = studio;
    loopback.handle(() => apiError(400, 'The model is not available'));
    await page.getByTestId('chat-input').fill('Anything?');
    await page.getByTestId('chat-input').press('Enter');
    await expect.poll(() => answerState(1), { timeout: 15_000 }).toBe('failed');
    const error = await page.getByTestId('chat-error').textContent();
    expect(error).toMatch(/^generateText_1: /);
    expect(error).toContain('The model is not available');
    await shot('chat-failed');
    // a failed exchange is not history: the next message carries only the answered one
    loopback.handle(() => ({ sse: chatStream('gpt-4o-mini', ['Still here, all good.']) }));
    await page.getByTestId('chat-input').fill('Still there?');
    await page.getByTestId('chat-input').press('Enter');
    await expect.poll(() => answerState(2), { timeout: 15_000 }).toBe('answered');
    expect(loopback.requests.at(-1)?.body.messages).toEqual([
      { role: 'system', content: 'You run a cafe.' },
      { role: 'user', content: 'Hello again' },
      { role: 'assistant', content: 'echo: Hello again' },
      { role: 'user', content: 'Still there?' },
    ]);
    expect(studio.errors).toEqual([]);
  });

  it('says beside the input why a message was refused, and keeps the message', async () => {
    const { page, shot } = studio;
    const nodes = chatFlow.nodes.map((n) => (n.id === 'chatResponse_1' ? { ...n, values: { content: '' } } : n));
    await studio.openFlow(projectId, { ...chatFlow, name: 'Chat without an answer', nodes });
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('chat-input').fill('Hello?');
    await page.getByTestId('chat-input').press('Enter');
    const refusal = page.getByTestId('chat-refusal');
    await expect.poll(() => refusal.textContent()).toContain('The flow cannot run: chatResponse_1: ');
    expect(await page.getByTestId('chat-question').count()).toBe(0);
    expect(await page.getByTestId('chat-input').inputValue()).toBe('Hello?');
    // right under the input, where the builder is looking
    const [input, reason] = [await page.getByTestId('chat-input').boundingBox(), await refusal.boundingBox()];
    expect(reason!.y - (input!.y + input!.height)).toBeLessThan(40);
    await shot('chat-refused');
  });
});

describe('the search box', () => {
  it('lists the results of a test run as the search widget does', async () => {
    const { page, shot } = studio;
    await studio.openFlow(projectId, searchFlow());
    expect(await page.getByTestId('tab-chat').count()).toBe(0);
    await page.getByTestId('tab-search').click();
    await page.getByTestId('search-input').fill('refund');
    await page.getByTestId('search-input').press('Enter');
    await expect.poll(() => page.getByTestId('search-result').count(), { timeout: 15_000 }).toBe(4);
    const titles = await page.locator('[data-testid="search-result"] .search-title').allTextContents();
    expect(titles).toEqual(['Refund policy', 'Returns and refunds form', 'Refunds API', 'Why refunds take time']);
    expect(await page.locator('[data-testid="search-result"] a').first().getAttribute('href')).toBe('https://help.example/refunds');
    expect(await page.getByTestId('search-tab').allTextContents()).toEqual(['All 4', 'Help 2', 'Developers 1', 'Other 1']);
    await page.getByTestId('search-tab').filter({ hasText: 'Developers' }).click();
    expect(await page.locator('[data-testid="search-result"] .search-title').allTextContents()).toEqual(['Refunds API']);
    await expect.poll(() => page.locator(nodeSel('searchResponse_1')).getAttribute('data-state'), { timeout: 10_000 }).toBe('completed');
    await shot('search-results');
  });

  it('says beside the box why a search was refused', async () => {
    const { page, shot } = studio;
    const flow = searchFlow();
    const nodes = flow.nodes.map((n) => (n.id === 'searchResponse_1' ? { ...n, values: { ...n.values, title: '' } } : n));
    await studio.openFlow(projectId, { ...flow, name: 'Search without titles', nodes });
    await page.getByTestId('tab-search').click();
    await page.getByTestId('search-input').fill('refund');
    await page.getByTestId('search-button').click();
    await expect.poll(() => page.getByTestId('search-refusal').textContent()).toContain('The flow cannot run: searchResponse_1: Unconfigured title field in search response node');
    expect(await page.getByTestId('search-result').count()).toBe(0);
    await shot('search-refused');
  });
});
