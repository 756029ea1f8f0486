// The supervisor's steps through the real model gateway (runtime/models) against a loopback OpenAI
// server. The whole loop, run by the engine, is in runtime/services/models/agent-flow.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatCompletion } from './testing/openai-loopback.ts';
import { startAiTestbed, type AiTestbed } from './testing/ai-testbed.ts';
import { handlesOf } from '../../../catalogue/handles.ts';
import { runNode } from '../../../catalogue/testing/node-harness.ts';
import { NO_MATCHING_EDGE } from '../../../catalogue/ai/agent-node/agent-functions.ts';
import { definition } from '../../../catalogue/ai/agent-node/definition.ts';
import node, { iterationsOf } from '../../../catalogue/ai/agent-node/run.ts';

let bed: AiTestbed;
beforeAll(async () => {
  bed = await startAiTestbed();
});
afterAll(() => bed.close());
beforeEach(() => bed.reset());

const agents = [
  { name: 'Web search', description: 'Searches the web', schema: { query: { type: 'string', description: 'what to search', required: true }, limit: { type: 'number' } } },
  { name: 'Writer', schema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] } },
];
const generativeModelName = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'openai-test' };
const values = { agents, generativeModelName, prompts: [{ role: 'system', content: 'You are an AI Assistant' }, { role: 'user', content: 'Weather in Oslo?' }] };
const call = (id: string, name: string, args: unknown) => ({ id, name, arguments: JSON.stringify(args) });
/** the loopback answers these replies in turn */
const script = (...replies: unknown[]) => {
  let i = 0;
  bed.loopback.handle(() => ({ json: replies[Math.min(i++, replies.length - 1)] }));
};
type Body = { messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[]; tools: { function: { name: string; parameters: unknown } }[] };
const body = (i: number) => bed.loopback.requests[i].body as Body;

describe('agent (supervisor)', () => {
  it('has one output handle an agent, and its bounds and defaults', () => {
    expect(handlesOf(definition, values)).toEqual(['Web search', 'Writer']);
    expect(definition.inputs.find((f) => f.name === 'maxIterations')).toMatchObject({ defaultValue: 5, minValue: 1, maxValue: 10 });
    expect(definition.inputs.find((f) => f.name === 'nodeName')).toMatchObject({ defaultValue: 'Supervisor' });
    expect(definition.inputs.find((f) => f.name === 'prompts')?.defaultValue).toEqual([
      { role: 'system', content: 'You are an AI Assistant' },
      { role: 'user', content: '' },
    ]);
    expect([iterationsOf(3), iterationsOf(undefined), iterationsOf('x'), iterationsOf(11)]).toEqual([3, 10, 10, 10]);
  });

  it('starts a deciding loop of maxIterations model calls', async () => {
    expect(await runNode(node, { ...values, maxIterations: 2 }, bed.context())).toEqual({
      output: { condition: 'Agent', agents: ['Web search', 'Writer'], maxIterations: 2 },
      loop: { items: [0, 1, 2], waitMs: 0, decide: true },
    });
  });

  it('offers one function per agent, its schema as parameters with the required flags gathered, and routes the call', async () => {
    script(chatCompletion('gpt-4o-mini', null, { toolCalls: [call('call_1', 'Web_search', { query: 'Oslo weather' })] }));
    const result = await runNode(node, { ...values, loopOutput: [] }, bed.context({ iteration: 0 }));
    expect(result.route).toEqual(['Web search']);
    expect(result.output).toMatchObject({
      agentTool: { name: 'Web search', parameters: { query: 'Oslo weather' }, tool_id: 'call_1' },
      agentRawResponse: { content: '', tool_calls: [{ id: 'call_1' }] },
      modelStatusCode: 200,
      usage: { total_tokens: 15 },
    });
    expect(body(0).tools.map((t) => t.function)).toEqual([
      {
        name: 'Web_search',
        description: 'Searches the web',
        parameters: { type: 'object', properties: { query: { type: 'string', description: 'what to search' }, limit: { type: 'number' } }, required: ['query'] },
      },
      { name: 'Writer', description: 'Run the agent Writer', parameters: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] } },
    ]);
  });

  it('sends the earlier iterations back as the history, each agent output as the tool message, and ends on a text answer', async () => {
    script(chatCompletion('gpt-4o-mini', null, { toolCalls: [call('call_1', 'Web_search', { query: 'q' })] }));
    const first = await runNode(node, { ...values, loopOutput: [] }, bed.context({ iteration: 0 }));
    script(chatCompletion('gpt-4o-mini', 'It is sunny in Oslo.'));
    const loopOutput = [{ index: 0, currentValue: first.output, output: { found: 'sunny' } }];
    const second = await runNode(node, { ...values, loopOutput }, bed.context({ iteration: 1 }));
    expect(second).toMatchObject({ endLoop: true, output: { finalResponse: 'It is sunny in Oslo.', stoppedBy: 'answer', agentTool: null } });
    // its own agentOutput, as the Agent Loop End's (spec 002 §3)
    expect(second.output).toMatchObject({ agentOutput: [{ iteration: 0, agent: 'Web search', parameters: { query: 'q' }, output: { found: 'sunny' } }] });
    expect(second.route).toBeUndefined();
    const sent = body(1).messages;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(sent[2].tool_calls).toHaveLength(1);
    expect(sent[3]).toMatchObject({ tool_call_id: 'call_1', content: '{"found":"sunny"}' });
  });

  it('stops without a model call at its bound, and when the stop word appears more than once in the last output', async () => {
    const step = { agentTool: { name: 'Writer', parameters: {}, tool_id: 'c' }, agentRawResponse: { content: 'drafting', tool_calls: [] }, messages: [] };
    const record = (output: unknown) => [{ index: 0, currentValue: step, output }];
    const bound = await runNode(node, { ...values, maxIterations: 1, loopOutput: record('x') }, bed.context({ iteration: 1 }));
    expect(bound).toMatchObject({ endLoop: true, output: { stoppedBy: 'maxIterations', finalResponse: 'drafting', agentOutput: [{ iteration: 0, agent: 'Writer', parameters: {}, output: 'x' }] } });
    const stopped = await runNode(node, { ...values, stopWord: 'DONE', loopOutput: record('DONE and DONE') }, bed.context({ iteration: 1 }));
    expect(stopped).toMatchObject({ endLoop: true, output: { stoppedBy: 'stopWord' } });
    expect(bed.loopback.requests).toHaveLength(0);
    script(chatCompletion('gpt-4o-mini', 'fine'));
    const once = await runNode(node, { ...values, stopWord: 'DONE', loopOutput: record('DONE once') }, bed.context({ iteration: 1 }));
    expect(once.output).toMatchObject({ stoppedBy: 'answer' });
  });

  it("runs its own tools inside the turn, and refuses a call of no agent and no tool with the spec's text", async () => {
    const tools = [{ name: 'clock', description: 'the time', parameters: { type: 'object', properties: {} }, code: "return '12:00';" }];
    script(
      chatCompletion('gpt-4o-mini', null, { toolCalls: [call('t1', 'clock', {})] }),
      chatCompletion('gpt-4o-mini', null, { toolCalls: [call('c2', 'Writer', { topic: 'noon' })] }),
    );
    const result = await runNode(node, { ...values, tools, loopOutput: [] }, bed.context({ iteration: 0 }));
    expect(result.route).toEqual(['Writer']);
    expect(result.output).toMatchObject({ tool_calls: [{ name: 'clock', result: '12:00' }], usage: { total_tokens: 30 } });
    expect((result.output as { messages: unknown[] }).messages).toHaveLength(3);
    expect(body(1).messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 't1', content: '12:00' });

    script(chatCompletion('gpt-4o-mini', null, { toolCalls: [call('x', 'Painter', {})] }));
    await expect(runNode(node, { ...values, loopOutput: [] }, bed.context({ iteration: 0 }))).rejects.toThrow(NO_MATCHING_EDGE);
  });

  it('needs agents, a model and maxIterations within 1 to 10', async () => {
    await expect(runNode(node, { ...values, agents: [] }, bed.context())).rejects.toThrow('Agents is required');
    await expect(runNode(node, { ...values, generativeModelName: '' }, bed.context())).rejects.toThrow('Model is required');
    await expect(runNode(node, { ...values, agents: [{ description: 'x' }] }, bed.context())).rejects.toThrow('Agents must be a list of { name, description, schema }');
    await expect(runNode(node, { ...values, maxIterations: 11 }, bed.context())).rejects.toThrow();
    await expect(runNode(node, { ...values, maxIterations: 0 }, bed.context())).rejects.toThrow();
  });
});
