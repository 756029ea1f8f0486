/**
 * The chat widget endpoint with a real AI node: chat trigger → Generate text (a project
 * credential pointing at a loopback OpenAI server that streams) → chat response. The model's
 * pieces reach the widget as tokens while the model is still answering; the answer is the
 * chat response node's content. A studio test run of the same flow (the chat test pane) gets the
 * same pieces from the run's events, and the chat history it sends reaches the model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatStream, startOpenAILoopback, type OpenAILoopback } from '../../services/models/testing/openai-loopback.ts';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let loopback: OpenAILoopback;
let projectId = '';

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  weft = await startTestWeft({ outboundAllow: [loopback.host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'AI chat' })).id;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, {
    name: 'llm',
    credential_type: 'modelProvider',
    credentials: { apiKey: 'sk-widget-test', baseUrl: loopback.baseUrl },
  });
});
afterAll(async () => {
  await weft?.close();
  await loopback?.close();
});

const at = { x: 0, y: 0 };
const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };

// each piece at least 24 characters, so the node streams it on its own (llm-call.ts batches smaller ones)
const pieces = ['We serve black and green tea, ', 'fresh lemon cake every morning, ', 'and scones with cream on Sundays.'];
const flow = {
  name: 'AI chat',
  nodes: [
    { id: 'chatTrigger_1', type: 'chatTriggerNode', position: at, values: {} },
    {
      id: 'generateText_1',
      type: 'generateTextNode',
      position: at,
      values: {
        generativeModelName: model,
        prompts: [{ role: 'system', content: 'You run a cafe.' }, { role: 'user', content: '{{trigger.output.chatMessage}}' }],
        messages: '{{trigger.output.chatHistory}}',
      },
    },
    { id: 'chatResponse_1', type: 'chatResponseNode', position: at, values: { content: '{{generateText_1.output.generatedResponse}}' } },
  ],
  edges: [
    { id: 'e1', source: 'chatTrigger_1', sourceHandle: 'out', target: 'generateText_1', targetHandle: 'in' },
    { id: 'e2', source: 'generateText_1', sourceHandle: 'out', target: 'chatResponse_1', targetHandle: 'in' },
  ],
};

describe('chat widget with Generate text', () => {
  it('streams the model’s pieces as tokens, then the chat response', async () => {
    loopback.handle(() => ({ sse: chatStream('gpt-4o-mini', pieces, { promptTokens: 9, completionTokens: 18 }) }));
    const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, flow);
    await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });

    const response = await fetch(`${weft.url}/widgets/chat/${created.id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:7' },
      body: JSON.stringify({ sessionId: 'session_ai_1', userId: 'visitor_ai', message: 'What do you serve?' }),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const events = text
      .split('\n\n')
      .map((block) => block.split('\n').find((l) => l.startsWith('data: ')))
      .filter((line): line is string => Boolean(line))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; text?: string; content?: string });
    expect(events.filter((e) => e.type === 'token').map((e) => e.text)).toEqual(pieces);
    expect(events.at(-1)).toMatchObject({ type: 'done', content: pieces.join('') });
    expect(loopback.requests.at(-1)?.body.messages).toEqual([
      { role: 'system', content: 'You run a cafe.' },
      { role: 'user', content: 'What do you serve?' },
    ]);
  });

  it('gives a studio test run the same pieces in its run events, and the history it sends to the model', async () => {
    loopback.handle(() => ({ sse: chatStream('gpt-4o-mini', pieces) }));
    const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { ...flow, name: 'AI chat draft' });
    const chatHistory = [
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Welcome to the cafe.' },
    ];
    const input = { chatMessage: 'What do you serve?', chatHistory, userId: 'studio_builder', sessionId: 'studio_test_1', metadata: {} };
    const started = await weft.request('POST', `/api/flows/${created.id}/runs`, { input });
    expect(started.status).toBe(202);
    const { runId } = (await started.json()) as { runId: string };
    const events = await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
    expect(events.filter((e) => e.type === 'node.progress' && e.text).map((e) => e.text)).toEqual(pieces);
    expect(events.find((e) => e.type === 'node.completed' && e.nodeId === 'chatResponse_1')?.output).toMatchObject({ content: pieces.join(''), type: 'chat_response' });
    expect(events.at(-1)?.type).toBe('run.completed');
    expect(loopback.requests.at(-1)?.body.messages).toEqual([{ role: 'system', content: 'You run a cafe.' }, ...chatHistory, { role: 'user', content: 'What do you serve?' }]);
  });
});
