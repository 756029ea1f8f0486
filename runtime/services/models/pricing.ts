/**
 * @module runtime/services/models/pricing — the cost of one model call and the `_meta` every
 * model-calling node's output carries (spec 000 §3, §9). Above 128 000 prompt tokens the
 * model's higher rates apply to the whole call (when it has them); per-request prices are
 * added once a call.
 */
import type { UsageMeta } from '../../../catalogue/services/models.ts';
import type { ModelInfo } from './model-info.ts';

export const LONG_CONTEXT_TOKENS = 128_000;

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0);
/** Costs are kept to 10 decimal places so sums stay readable. */
const money = (value: number) => Math.round(value * 1e10) / 1e10;

export function usageMeta(info: ModelInfo, usage: Partial<TokenUsage>, statusCode = 200): UsageMeta {
  const prompt = count(usage.prompt_tokens);
  const completion = count(usage.completion_tokens);
  const long = prompt > LONG_CONTEXT_TOKENS;
  const inputRate = (long ? info.input_cost_per_token_above_128k_tokens : undefined) ?? info.input_cost_per_token ?? 0;
  const outputRate = (long ? info.output_cost_per_token_above_128k_tokens : undefined) ?? info.output_cost_per_token ?? 0;
  const promptCost = prompt * inputRate + (info.input_cost_per_request ?? 0);
  const completionCost = completion * outputRate + (info.output_cost_per_request ?? 0);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_cost: money(promptCost),
    completion_tokens_cost: money(completionCost),
    total_cost: money(promptCost + completionCost),
    model_name: info.model,
    model_provider: info.provider,
    status_code: statusCode,
  };
}
