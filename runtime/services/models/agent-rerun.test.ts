/**
 * A re-run and a supervisor agent's iterations: from the agent node, the whole loop runs again
 * (the model asked again, its agent path called again, the trigger not); from the node after
 * the loop's end, neither the model nor the agent path is asked again, and the answer is made
 * from the recorded iterations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackApi, type LoopbackApi } from '../../../catalogue/testing/loopback-api.ts';
import type { RunSnapshot } from '../../../contract/runs.ts';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { chatCompletion, startOpenAILoopback, type OpenAILoopback } from './testing/openai-loopback.ts';

let weft: TestWeft;
let loopback: OpenAILoopback;
let weather: LoopbackApi;
let flowId = '';
let modelCalls = 0;

const at = { x: 0, y: 0 };
const edge = (id: string, source: string, target: string, sourceHandle = 'out') => ({ id, source, sourceHandle, target, targetHandle: 'in' });
const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };
const agents = [{ name: 'Weather', description: 'The weather in a city', schema: { city: { type: 'string', required: true } } }];

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  weather = await startLoopbackApi(() => ({ body: { forecast: 'sunny' } }));
  loopback.handle((request) => {
    modelCalls++;
    const messages = request.body.messages as { role: string; content: string }[];
    const found = messages.find((m) => m.role === 'tool');
    if (!found) return { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_w', name: 'Weather', arguments: '{"city":"Oslo"}' }] }) };
    return { json: chatCompletion('gpt-4o-mini', `Weather says ${found.content}`) };
  });
  weft = await startTestWeft({ outboundAllow: [loopback.host, weather.hostPort] });
  const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Agent re-run' })).id;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'llm', credential_type: 'modelProvider', credentials: { apiKey: 'sk-x', baseUrl: loopback.baseUrl } });
  const nodes = [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} },
    {
      id: 'agent_1',
      type: 'agent',
      position: at,
      values: { generativeModelName: model, agents, prompts: [{ role: 'system', content: 'You are an AI Assistant' }, { role: 'user', content: '{{trigger.output.question}}' }] },
    },
    { id: 'weather_1', type: 'apiNode', position: at, values: { url: `${weather.url}/weather?city={{agent_1.output.agentTool.parameters.city}}`, method: 'GET' } },
    { id: 'agentLoopEnd_1', type: 'agentLoopEndNode', position: at, values: {} },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'answer', value: '{{agentLoopEnd_1.output.finalResponse}}' }] } },
  ];
  const edges = [edge('e1', 'webhookTrigger_1', 'agent_1'), edge('e2', 'agent_1', 'weather_1', 'Weather'), edge('e3', 'weather_1', 'agentLoopEnd_1'), edge('e4', 'agentLoopEnd_1', 'apiResponse_1')];
  flowId = (await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Agent', nodes, edges })).id;
});
afterAll(async () => {
  await weft?.close();
  await loopback?.close();
  await weather?.close();
});

async function ended(runId: string): Promise<RunSnapshot> {
  await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
  return weft.api<RunSnapshot>('GET', `/api/runs/${runId}`);
}

describe('a re-run of a supervisor agent', () => {
  it('runs the whole loop again from the agent node, and none of it from the node after the loop', async () => {
    const { runId: source } = await weft.api<{ runId: string }>('POST', `/api/flows/${flowId}/runs`, { input: { question: 'Weather in Oslo?' } });
    const first = await ended(source);
    expect(first.status).toBe('completed');
    expect(first.nodes.apiResponse_1.output).toEqual({ answer: 'Weather says {"forecast":"sunny"}' });
    // one iteration with the Weather path, then the final answer
    expect(modelCalls).toBe(2);
    expect(weather.seen).toHaveLength(1);

    const fromAgent = await weft.api<{ runId: string }>('POST', `/api/runs/${source}/rerun`, { fromNode: 'agent_1' });
    const again = await ended(fromAgent.runId);
    expect(again.status).toBe('completed');
    expect(again.nodes.apiResponse_1.output).toEqual({ answer: 'Weather says {"forecast":"sunny"}' });
    expect(modelCalls).toBe(4);
    expect(weather.seen).toHaveLength(2);
    // the trigger is seeded, not run: it has the source run's record
    expect(again.nodes.webhookTrigger_1.output).toEqual(first.nodes.webhookTrigger_1.output);

    const fromResponse = await weft.api<{ runId: string }>('POST', `/api/runs/${source}/rerun`, { fromNode: 'apiResponse_1' });
    const answered = await ended(fromResponse.runId);
    expect(answered.status).toBe('completed');
    expect(answered.nodes.apiResponse_1.output).toEqual({ answer: 'Weather says {"forecast":"sunny"}' });
    expect(modelCalls).toBe(4);
    expect(weather.seen).toHaveLength(2);
  }, 60_000);
});
