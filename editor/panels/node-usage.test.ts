import { describe, expect, it } from 'vitest';
import { nodeUsage } from './node-usage.ts';

describe('token usage and cost of a node', () => {
  it('reads the event usage, or sums the output _meta (a list for agents), or is absent', () => {
    expect(nodeUsage({ usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7, total_cost: 0.00012, model_name: 'gpt-x' } })?.line).toBe('3 in · 4 out · 7 tokens · $0.000120 · gpt-x');
    const agent = { finalResponse: 'ok', _meta: [{ prompt_tokens: 10, completion_tokens: 5, total_cost: 0.001, model_name: 'gpt-x' }, { input_tokens: 2, output_tokens: 1, cost: 0.0005 }] };
    expect(nodeUsage({ output: agent })).toEqual({ line: '12 in · 6 out · 18 tokens · $0.001500 · gpt-x', detail: agent._meta });
    expect(nodeUsage({ output: { verdict: 'passed' } })).toBeNull();
    expect(nodeUsage({})).toBeNull();
  });
});
