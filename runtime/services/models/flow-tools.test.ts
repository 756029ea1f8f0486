/**
 * Flow tools through the whole server: Generate text offers another flow of the project as a
 * tool (its GraphQL trigger's advance_schema as the parameters); the loopback model calls it,
 * the flow runs as a child run, and its output reaches the second model call as a tool message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSnapshot, RunSummary } from '../../../contract/runs.ts';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { chatCompletion, startOpenAILoopback, type OpenAILoopback } from './testing/openai-loopback.ts';

let weft: TestWeft;
let loopback: OpenAILoopback;
let projectId = '';
let key = '';

const at = { x: 0, y: 0 };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };
const citySchema = { type: 'object', properties: { city: { type: 'string', description: 'the city' } }, required: ['city'] };

async function deployed(name: string, nodes: unknown[], edges: unknown[]): Promise<string> {
  const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name, nodes, edges });
  await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}

/** A flow callable as a tool: GraphQL trigger (advance_schema) → Code (or another node). */
function toolFlow(name: string, code: string, run: unknown = { id: 'code_1', type: 'codeNode', position: at, values: { code } }): Promise<string> {
  const trigger = { id: 'graphqlTrigger_1', type: 'graphqlTriggerNode', position: at, values: { advance_schema: JSON.stringify(citySchema) } };
  return deployed(name, [trigger, run], [edge('e1', 'graphqlTrigger_1', (run as { id: string }).id)]);
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`Gave up waiting for ${what}`);
}

/** webhook → Generate text with the flow as its tool → API response. */
function callerFlow(toolFlowId: string): Promise<string> {
  const trigger = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} };
  const generate = {
    id: 'generateText_1',
    type: 'generateTextNode',
    position: at,
    values: { generativeModelName: model, prompts: [{ role: 'user', content: '{{trigger.output.question}}' }], tools: [{ flowId: toolFlowId }], stream: false },
  };
  const mapping = [
    { key: 'text', value: '{{generateText_1.output.generatedResponse}}' },
    { key: 'calls', value: '{{generateText_1.output.tool_calls}}' },
  ];
  const response = { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: mapping } };
  return deployed('caller', [trigger, generate, response], [edge('e1', 'webhookTrigger_1', 'generateText_1'), edge('e2', 'generateText_1', 'apiResponse_1')]);
}

const hook = (id: string, body: unknown) => weft.request('POST', `/hook/${id}`, body, { authorization: `Bearer ${key}` });

/** The model asks for `tool` with Oslo, then answers with what the tool said. */
function scriptToolCall(tool: string): void {
  loopback.handle((request) => {
    const messages = request.body.messages as { role: string; content: string }[];
    const answer = messages.find((m) => m.role === 'tool');
    if (!answer) return { json: chatCompletion('gpt-4o-mini', null, { toolCalls: [{ id: 'call_1', name: tool, arguments: '{"city":"Oslo"}' }] }) };
    return { json: chatCompletion('gpt-4o-mini', `The tool said ${answer.content}`) };
  });
}

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  weft = await startTestWeft({ outboundAllow: [loopback.host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Tools' })).id;
  key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'tools test' })).key;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'llm', credential_type: 'modelProvider', credentials: { apiKey: 'sk-x', baseUrl: loopback.baseUrl } });
});
afterAll(async () => {
  await weft?.close();
  await loopback?.close();
});

describe('a flow as a tool of Generate text', () => {
  it('runs the flow as a child run with the arguments and hands its output to the next model call', async () => {
    loopback.requests.length = 0;
    const weather = await toolFlow('Weather lookup', "return { weather: 'sunny in ' + input.city };");
    scriptToolCall('Weather_lookup');
    const answer = await hook(await callerFlow(weather), { question: 'Weather in Oslo?' });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { text: string; calls: { name: string; arguments: unknown; result: unknown; runId: string }[] };
    expect(body.text).toBe('The tool said {"weather":"sunny in Oslo"}');
    expect(body.calls).toMatchObject([{ id: 'call_1', name: 'Weather_lookup', arguments: { city: 'Oslo' }, result: { weather: 'sunny in Oslo' } }]);

    // the first call offered the flow with its trigger's schema; the second carried its answer
    const [first, second] = loopback.requests.map((r) => r.body as { tools?: unknown[]; messages: unknown[] });
    expect(first.tools).toEqual([{ type: 'function', function: { name: 'Weather_lookup', description: 'Runs the flow "Weather lookup"', parameters: citySchema } }]);
    expect(second.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_1', content: '{"weather":"sunny in Oslo"}' });

    // the child run is a run of the tool flow, with the arguments as its input, under the caller's run
    const parentRunId = answer.headers.get('x-weft-run-id')!;
    const child = await weft.api<RunSnapshot>('GET', `/api/runs/${body.calls[0].runId}`);
    expect(child).toMatchObject({ flowId: weather, status: 'completed', parentRunId, input: { city: 'Oslo' } });
    const events = await readSse(`${weft.url}/api/runs/${parentRunId}/events`, { headers: weft.headers });
    const progress = events.filter((e) => e.type === 'node.progress' && e.nodeId === 'generateText_1').map((e) => e.message);
    expect(progress).toContain('Calling tool Weather_lookup with {"city":"Oslo"}');
    expect(progress).toContain('Tool Weather_lookup answered: {"weather":"sunny in Oslo"}');
  });

  it("fails the caller with 'Error executing tool' and the flow's message when the flow fails", async () => {
    loopback.requests.length = 0;
    const broken = await toolFlow('Broken', "throw new Error('no weather today');");
    scriptToolCall('Broken');
    const answer = await hook(await callerFlow(broken), { question: 'Weather?' });
    expect(answer.status).toBe(422);
    expect(JSON.stringify(await answer.json())).toMatch(/Error executing tool: .*no weather today/);
    expect(loopback.requests).toHaveLength(1);
  });

  it("fails with 'Tool {x} not found' when the tool names a flow that is not there", async () => {
    loopback.requests.length = 0;
    const answer = await hook(await callerFlow('flow_missing'), { question: 'x' });
    expect(JSON.stringify(await answer.json())).toContain('Tool flow_missing not found');
    expect(loopback.requests).toHaveLength(0);
  });

  it('cancels the tool flow\'s child run when the calling run is cancelled', async () => {
    const slow = await toolFlow('Slow lookup', '', { id: 'wait_1', type: 'waitNode', position: at, values: { seconds: 60 } });
    scriptToolCall('Slow_lookup');
    const caller = await callerFlow(slow);
    const answered = hook(caller, { question: 'Weather?' });
    const [child] = await until(() => weft.api<RunSummary[]>('GET', `/api/flows/${slow}/runs`), (runs) => runs.length === 1, 'the child run');
    expect(child.status).toBe('running');
    const [parent] = await weft.api<RunSummary[]>('GET', `/api/flows/${caller}/runs`);
    expect(await weft.api('POST', `/api/runs/${parent.runId}/cancel`)).toEqual({ runId: parent.runId, status: 'cancelled' });
    expect((await answered).status).toBe(409);
    const [ended] = await until(() => weft.api<RunSummary[]>('GET', `/api/flows/${slow}/runs`), (runs) => runs[0].status !== 'running', 'the child to end');
    expect(ended).toMatchObject({ runId: child.runId, status: 'cancelled' });
    expect((await weft.api<RunSnapshot>('GET', `/api/runs/${child.runId}`)).parentRunId).toBe(parent.runId);
  });
});
