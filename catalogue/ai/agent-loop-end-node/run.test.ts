import { describe, expect, it } from 'vitest';
import { runNode } from '../../testing/node-harness.ts';
import node from './run.ts';

const meta = (tokens: number, cost: number) => ({
  prompt_tokens: tokens, completion_tokens: 0, total_tokens: tokens, prompt_tokens_cost: cost, completion_tokens_cost: 0, total_cost: cost,
  model_name: 'gpt-4o-mini', model_provider: 'openai', status_code: 200,
});
const step = (content: string, agent: string | null, tokens: number) => ({
  agentTool: agent ? { name: agent, parameters: { q: agent }, tool_id: `call_${agent}` } : null,
  agentRawResponse: { content, tool_calls: [] },
  modelStatusCode: 200,
  messages: [],
  usage: meta(tokens, tokens / 1000),
});

describe('agentLoopEndNode', () => {
  it('answers with the last model text, every agent output and the usage of every model call summed', async () => {
    const loopOutput = [
      { index: 0, currentValue: step('', 'search', 10), output: { hits: 2 } },
      { index: 1, currentValue: step('drafting', 'write', 20), output: 'a draft' },
    ];
    const result = await runNode(node, { loopOutput, loopEndedBy: step('Here it is.', null, 30) });
    expect(result.output).toMatchObject({
      condition: 'Agent Loop End',
      finalResponse: 'Here it is.',
      agentOutput: [
        { iteration: 0, agent: 'search', parameters: { q: 'search' }, output: { hits: 2 } },
        { iteration: 1, agent: 'write', parameters: { q: 'write' }, output: 'a draft' },
      ],
      _meta: { total_tokens: 60, total_cost: 0.06 },
    });
  });

  it('keeps the last text when the loop ran to its bound, and answers an empty loop', async () => {
    const loopOutput = [{ index: 0, currentValue: step('checking', 'search', 10), output: 1 }];
    expect((await runNode(node, { loopOutput, loopEndedBy: null })).output).toMatchObject({ finalResponse: 'checking', _meta: { total_tokens: 10 } });
    expect((await runNode(node, {})).output).toEqual({ condition: 'Agent Loop End', finalResponse: '', agentOutput: [], _meta: null });
  });
});
