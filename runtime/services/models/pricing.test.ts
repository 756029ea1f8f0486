import { describe, expect, it } from 'vitest';
import type { ModelInfo } from './model-info.ts';
import { LONG_CONTEXT_TOKENS, usageMeta } from './pricing.ts';

const tiered: ModelInfo = {
  provider: 'openai',
  model: 'long-context',
  type: 'text',
  proxy: 'none',
  auth: 'apiKey',
  input_cost_per_token: 0.000001,
  output_cost_per_token: 0.000002,
  input_cost_per_token_above_128k_tokens: 0.000003,
  output_cost_per_token_above_128k_tokens: 0.000005,
  input_cost_per_request: 0.01,
};

describe('usageMeta', () => {
  it('prices at the normal rates up to 128 000 prompt tokens, plus the per-request price', () => {
    expect(usageMeta(tiered, { prompt_tokens: LONG_CONTEXT_TOKENS, completion_tokens: 1000 })).toEqual({
      prompt_tokens: 128000,
      completion_tokens: 1000,
      total_tokens: 129000,
      prompt_tokens_cost: 0.138,
      completion_tokens_cost: 0.002,
      total_cost: 0.14,
      model_name: 'long-context',
      model_provider: 'openai',
      status_code: 200,
    });
  });

  it('uses the higher rates above 128 000 prompt tokens', () => {
    const meta = usageMeta(tiered, { prompt_tokens: LONG_CONTEXT_TOKENS + 1, completion_tokens: 1000 }, 303);
    expect(meta.prompt_tokens_cost).toBeCloseTo(128001 * 0.000003 + 0.01, 10);
    expect(meta.completion_tokens_cost).toBeCloseTo(0.005, 10);
    expect(meta.status_code).toBe(303);
  });

  it('keeps the normal rate when a model has no higher tier, and counts missing usage as 0', () => {
    const flat: ModelInfo = { ...tiered, input_cost_per_token_above_128k_tokens: undefined, output_cost_per_token_above_128k_tokens: undefined, input_cost_per_request: undefined };
    expect(usageMeta(flat, { prompt_tokens: 200000 }).prompt_tokens_cost).toBeCloseTo(0.2, 10);
    expect(usageMeta(flat, {})).toMatchObject({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, total_cost: 0 });
  });
});
