/** @module catalogue/ai/usage-meta — adding up the `_meta` of several model calls of one node. */
import type { UsageMeta } from '../services/models.ts';

const money = (value: number) => Math.round(value * 1e10) / 1e10;

/** Tokens and costs add up; the model named is the last one; 303 (fallback) sticks. */
export function addUsage(a: UsageMeta | undefined, b: UsageMeta): UsageMeta {
  if (!a) return b;
  return {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
    prompt_tokens_cost: money(a.prompt_tokens_cost + b.prompt_tokens_cost),
    completion_tokens_cost: money(a.completion_tokens_cost + b.completion_tokens_cost),
    total_cost: money(a.total_cost + b.total_cost),
    model_name: b.model_name,
    model_provider: b.model_provider,
    status_code: a.status_code === 303 || b.status_code === 303 ? 303 : b.status_code,
  };
}
