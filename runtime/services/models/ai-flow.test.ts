/**
 * AI nodes through the whole server: a project credential (modelProvider) pointing at a
 * loopback OpenAI server, a flow webhook → Generate text → API response, run for real on
 * Redis; the answer, `_meta`, the streamed progress events, and no secret anywhere in them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { chatCompletion, chatStream, startOpenAILoopback, type OpenAILoopback } from './testing/openai-loopback.ts';

let weft: TestWeft;
let loopback: OpenAILoopback;
let projectId = '';
let key = '';
const secret = 'sk-e2e-THE-SECRET-KEY-9876';

const trigger = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} };
const edge = (id: string, source: string, target: string, sourceHandle = 'out') => ({ id, source, sourceHandle, target, targetHandle: 'in' });
const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };

async function deployed(nodes: unknown[], edges: unknown[]): Promise<string> {
  const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'ai flow', nodes, edges });
  await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}
const hook = (id: string, body: unknown) => weft.request('POST', `/hook/${id}`, body, { authorization: `Bearer ${key}` });

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  weft = await startTestWeft({ outboundAllow: [loopback.host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'AI' })).id;
  key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'ai test' })).key;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, {
    name: 'llm',
    credential_type: 'modelProvider',
    credentials: { apiKey: secret, baseUrl: loopback.baseUrl },
  });
});
afterAll(async () => {
  await weft?.close();
  await loopback?.close();
});

describe('Generate text in a flow', () => {
  it('answers through the project credential, streams the text as progress events, and reports _meta', async () => {
    loopback.handle(() => ({ sse: chatStream('gpt-4o-mini', ['Hello ', 'Ada, ', 'nice to meet you.'], { promptTokens: 12, completionTokens: 6 }) }));
    const generate = {
      id: 'generateText_1',
      type: 'generateTextNode',
      position: { x: 0, y: 0 },
      values: { generativeModelName: model, prompts: [{ role: 'system', content: 'Greet.' }, { role: 'user', content: 'I am {{trigger.output.name}}' }] },
    };
    const response = {
      id: 'apiResponse_1',
      type: 'apiResponseNode',
      position: { x: 0, y: 0 },
      values: { outputMapping: [{ key: 'text', value: '{{generateText_1.output.generatedResponse}}' }, { key: 'meta', value: '{{generateText_1.output._meta}}' }] },
    };
    const id = await deployed([trigger, generate, response], [edge('e1', 'webhookTrigger_1', 'generateText_1'), edge('e2', 'generateText_1', 'apiResponse_1')]);
    const answer = await hook(id, { name: 'Ada' });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { text: string; meta: Record<string, unknown> };
    expect(body.text).toBe('Hello Ada, nice to meet you.');
    expect(body.meta).toMatchObject({ prompt_tokens: 12, completion_tokens: 6, total_tokens: 18, model_name: 'gpt-4o-mini', model_provider: 'openai', status_code: 200 });
    expect(loopback.requests.at(-1)?.headers.authorization).toBe(`Bearer ${secret}`);
    expect(loopback.requests.at(-1)?.body.messages).toEqual([
      { role: 'system', content: 'Greet.' },
      { role: 'user', content: 'I am Ada' },
    ]);

    const runId = answer.headers.get('x-weft-run-id')!;
    const events = await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
    const progress = events.filter((e) => e.type === 'node.progress' && e.nodeId === 'generateText_1');
    expect(progress[0].message).toBe('Calling the LLM');
    expect(progress.at(-1)?.message).toBe('LLM response received');
    expect(progress.map((e) => e.text ?? '').join('')).toBe('Hello Ada, nice to meet you.');
    expect(JSON.stringify(events)).not.toContain(secret);
  });

  it('fails the node with the spec text when the credential is missing', async () => {
    const generate = {
      id: 'generateText_1',
      type: 'generateTextNode',
      position: { x: 0, y: 0 },
      values: { generativeModelName: { ...model, credential_name: '' }, prompts: [{ role: 'user', content: 'x' }] },
    };
    const response = { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 0, y: 0 }, values: { outputMapping: [{ key: 't', value: '{{generateText_1.output.generatedResponse}}' }] } };
    const id = await deployed([trigger, generate, response], [edge('e1', 'webhookTrigger_1', 'generateText_1'), edge('e2', 'generateText_1', 'apiResponse_1')]);
    const answer = await hook(id, {});
    expect(JSON.stringify(await answer.json())).toContain('Missing credentialId for model');
  });

  it('routes by the class a Classifier picks', async () => {
    loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', '{"class":"Billing"}') }));
    const classify = {
      id: 'classifier_1',
      type: 'classifierNode',
      position: { x: 0, y: 0 },
      values: { generativeModelName: model, prompts: [{ role: 'user', content: '{{trigger.output.message}}' }], classifier: ['Billing', 'Other'] },
    };
    const reply = (id: string, text: string) => ({ id, type: 'apiResponseNode', position: { x: 0, y: 0 }, values: { outputMapping: [{ key: 'route', value: text }] } });
    const id = await deployed(
      [trigger, classify, reply('billing_1', 'billing'), reply('other_1', 'other')],
      [edge('e1', 'webhookTrigger_1', 'classifier_1'), edge('e2', 'classifier_1', 'billing_1', 'Billing'), edge('e3', 'classifier_1', 'other_1', 'Other')],
    );
    const answer = await hook(id, { message: 'I was charged twice' });
    expect(await answer.json()).toEqual({ route: 'billing' });
  });
});

describe('default models route', () => {
  it('reads {} at first, stores a valid config, refuses a wrong one with 400, and the node uses the default', async () => {
    const path = `/api/projects/${projectId}/default-models`;
    expect(await weft.api('GET', path)).toEqual({});
    const refused = await weft.request('PUT', path, { text_model: { type: 'image', model_name: 'dall-e-3', provider_name: 'openai', credential_name: 'llm' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: { message: 'text_model must be a model of type text', code: 'bad_request' } });
    expect(await weft.api('PUT', path, { text_model: model })).toEqual({ text_model: model });
    expect(await weft.api('GET', path)).toEqual({ text_model: model });

    loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', 'from the default') }));
    const generate = { id: 'generateText_1', type: 'generateTextNode', position: { x: 0, y: 0 }, values: { prompts: [{ role: 'user', content: 'x' }], stream: false } };
    const response = { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 0, y: 0 }, values: { outputMapping: [{ key: 't', value: '{{generateText_1.output.generatedResponse}}' }] } };
    const id = await deployed([trigger, generate, response], [edge('e1', 'webhookTrigger_1', 'generateText_1'), edge('e2', 'generateText_1', 'apiResponse_1')]);
    expect(await (await hook(id, {})).json()).toEqual({ t: 'from the default' });
  });
});
