/**
 * The supervisor through the whole server (spec 002 §4 "Supervisor"): webhook → Supervisor, whose
 * agent paths Weather and Math (Code nodes reading the agent's parameters) end at an Agent Loop
 * End → API response. The loopback model follows a script of tool calls; every iteration's path
 * runs as its own actors in the same run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogRecord } from '../../../contract/logs.ts';
import type { RunSnapshot } from '../../../contract/runs.ts';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { chatCompletion, startOpenAILoopback, type OpenAILoopback } from './testing/openai-loopback.ts';

let weft: TestWeft;
let loopback: OpenAILoopback;
let projectId = '';
let key = '';

const at = { x: 0, y: 0 };
const edge = (id: string, source: string, target: string, sourceHandle = 'out') => ({ id, source, sourceHandle, target, targetHandle: 'in' });
const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };
const agents = [
  { name: 'Weather', description: 'The weather in a city', schema: { city: { type: 'string', required: true } } },
  { name: 'Math', description: 'Adds two numbers', schema: { a: { type: 'number', required: true }, b: { type: 'number', required: true } } },
];

async function deployed(values: Record<string, unknown>, mathCode = 'return outputs.agent_1.agentTool.parameters.a + outputs.agent_1.agentTool.parameters.b;'): Promise<string> {
  const nodes = [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} },
    {
      id: 'agent_1',
      type: 'agent',
      position: at,
      values: { generativeModelName: model, agents, prompts: [{ role: 'system', content: 'You are an AI Assistant' }, { role: 'user', content: '{{trigger.output.question}}' }], ...values },
    },
    { id: 'weather_1', type: 'codeNode', position: at, values: { code: "return 'DONE: sunny in ' + outputs.agent_1.agentTool.parameters.city;" } },
    { id: 'math_1', type: 'codeNode', position: at, values: { code: mathCode } },
    { id: 'agentLoopEnd_1', type: 'agentLoopEndNode', position: at, values: {} },
    {
      id: 'apiResponse_1',
      type: 'apiResponseNode',
      position: at,
      values: {
        outputMapping: [
          { key: 'answer', value: '{{agentLoopEnd_1.output.finalResponse}}' },
          { key: 'agents', value: '{{agentLoopEnd_1.output.agentOutput}}' },
          { key: 'meta', value: '{{agentLoopEnd_1.output._meta}}' },
        ],
      },
    },
  ];
  const edges = [
    edge('e1', 'webhookTrigger_1', 'agent_1'),
    edge('e2', 'agent_1', 'weather_1', 'Weather'),
    edge('e3', 'agent_1', 'math_1', 'Math'),
    edge('e4', 'weather_1', 'agentLoopEnd_1'),
    edge('e5', 'math_1', 'agentLoopEnd_1'),
    edge('e6', 'agentLoopEnd_1', 'apiResponse_1'),
  ];
  const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: `agent ${Math.random()}`, nodes, edges });
  await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}

type Reply = { tool?: [string, unknown]; text?: string };
/** The model answers the replies in turn (the last one again when the script runs out). */
function script(...replies: Reply[]): void {
  let i = 0;
  loopback.requests.length = 0;
  loopback.handle(() => {
    const reply = replies[Math.min(i, replies.length - 1)];
    const id = `call_${i++}`;
    return reply.tool
      ? { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id, name: reply.tool[0], arguments: JSON.stringify(reply.tool[1]) }] }) }
      : { json: chatCompletion('gpt-4o-mini', reply.text ?? '') };
  });
}

interface Answer {
  status: number;
  runId: string;
  body: { answer: string; agents: { iteration: number; agent: string; parameters: unknown; output: unknown }[]; meta: { total_tokens: number; total_cost: number } };
}
async function ask(flowId: string, question = 'Help me'): Promise<Answer> {
  const response = await weft.request('POST', `/hook/${flowId}`, { question }, { authorization: `Bearer ${key}` });
  return { status: response.status, runId: response.headers.get('x-weft-run-id')!, body: (await response.json()) as Answer['body'] };
}
const run = (runId: string) => weft.api<RunSnapshot>('GET', `/api/runs/${runId}`);
const sent = (i: number) => loopback.requests[i].body as { messages: { role: string; content: string | null; tool_call_id?: string }[] };

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  weft = await startTestWeft({ outboundAllow: [loopback.host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Agents' })).id;
  key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'agents test' })).key;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'llm', credential_type: 'modelProvider', credentials: { apiKey: 'sk-x', baseUrl: loopback.baseUrl } });
});
afterAll(async () => {
  await weft?.close();
  await loopback?.close();
});

describe('the supervisor in a flow', () => {
  it('answers at once when the model calls no agent: no path runs', async () => {
    script({ text: 'Hello there.' });
    const answer = await ask(await deployed({}));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ answer: 'Hello there.', agents: [], meta: { total_tokens: 15 } });
    expect(loopback.requests).toHaveLength(1);
    const snap = await run(answer.runId);
    expect(snap.nodes['weather_1#0']).toBeUndefined();
  });

  it('runs one agent, then answers with what it found', async () => {
    script({ tool: ['Weather', { city: 'Oslo' }] }, { text: 'Sunny in Oslo.' });
    const answer = await ask(await deployed({}));
    expect(answer.body).toMatchObject({
      answer: 'Sunny in Oslo.',
      agents: [{ iteration: 0, agent: 'Weather', parameters: { city: 'Oslo' }, output: 'DONE: sunny in Oslo' }],
      meta: { total_tokens: 30 },
    });
    expect(sent(1).messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_0', content: 'DONE: sunny in Oslo' });
    const snap = await run(answer.runId);
    expect(snap.nodes['weather_1#0'].state).toBe('completed');
    expect(snap.nodes['math_1#0'].state).toBe('skipped');
    // outside the iterations, the agent paths' nodes ran inside the loop (spec 002 §4)
    expect(snap.nodes.weather_1).toMatchObject({ state: 'completed', output: 'Ran inside agent loop' });
    expect(snap.nodes.math_1).toMatchObject({ state: 'completed', output: 'Ran inside agent loop' });
    const events = await readSse(`${weft.url}/api/runs/${answer.runId}/events`, { headers: weft.headers });
    expect(events.filter((e) => e.type === 'node.completed' && e.nodeId === 'agent_1').map((e) => e.iteration)).toEqual([undefined, 0, 1]);
  });

  it('runs several iterations, each path with its own parameters, and sums tokens and cost over every model call', async () => {
    script({ tool: ['Math', { a: 2, b: 3 }] }, { tool: ['Weather', { city: 'Rome' }] }, { tool: ['Math', { a: 5, b: 5 }] }, { text: '5, sunny, 10' });
    const flowId = await deployed({});
    const answer = await ask(flowId);
    expect(answer.body.answer).toBe('5, sunny, 10');
    expect(answer.body.agents.map((a) => [a.agent, a.output])).toEqual([['Math', 5], ['Weather', 'DONE: sunny in Rome'], ['Math', 10]]);
    expect(answer.body.meta.total_tokens).toBe(60);
    expect(loopback.requests).toHaveLength(4);
    expect(sent(3).messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(['5', 'DONE: sunny in Rome', '10']);
    // the production log counts every model call once
    let logged: LogRecord | undefined;
    for (let i = 0; i < 100 && !logged; i++) {
      const page = await weft.api<{ items: LogRecord[] }>('GET', `/api/projects/${projectId}/logs?flowId=${flowId}`);
      logged = page.items[0];
      if (!logged) await new Promise((ok) => setTimeout(ok, 50));
    }
    expect(logged?.tokenUsage).toEqual({ promptTokens: 40, completionTokens: 20, totalTokens: 60 });
  });

  it('stops early when the stop word appears more than once in an agent output', async () => {
    script({ tool: ['Weather', { city: 'Oslo' }] }, { text: 'never asked' });
    const flowId = await deployed({ stopWord: 'DONE|sunny' });
    const answer = await ask(flowId);
    expect(loopback.requests).toHaveLength(1);
    expect(answer.body.agents).toHaveLength(1);
    expect(answer.body.answer).toBe('');
  });

  it('calls the model at most maxIterations times: 1 and 10', async () => {
    script({ tool: ['Math', { a: 1, b: 1 }] });
    const once = await ask(await deployed({ maxIterations: 1 }));
    expect(loopback.requests).toHaveLength(1);
    expect(once.body.agents).toHaveLength(1);

    script({ tool: ['Math', { a: 1, b: 1 }] });
    const ten = await ask(await deployed({ maxIterations: 10 }));
    expect(loopback.requests).toHaveLength(10);
    expect(ten.body.agents).toHaveLength(10);
    expect(ten.body.meta.total_tokens).toBe(150);
  }, 60_000);

  it('fails the run with the failing agent path\'s error', async () => {
    script({ tool: ['Math', { a: 1, b: 1 }] }, { text: 'never asked' });
    const answer = await ask(await deployed({}, "throw new Error('cannot add today');"));
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(answer.body)).toContain('cannot add today');
    expect(loopback.requests).toHaveLength(1);
    expect(await run(answer.runId)).toMatchObject({ status: 'failed', failedNode: 'math_1' });
  });

  it("refuses a call of an agent that is not there with 'No matching edges found'", async () => {
    script({ tool: ['Painter', {}] });
    const answer = await ask(await deployed({}));
    expect(JSON.stringify(answer.body)).toContain('No matching edges found');
  });
});
