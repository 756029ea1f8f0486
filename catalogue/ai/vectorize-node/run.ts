/** @module catalogue/ai/vectorize-node/run — 'No texts found to vectorize', else one vector a text. */
import { parseJsonish } from '../../coerce.ts';
import { userError } from '../../errors.ts';
import type { Executor } from '../../types.ts';
import { modelsOf } from '../context.ts';

export const NO_TEXTS = 'No texts found to vectorize';
export const NOT_A_LIST = 'Texts must be a list';

export const run: Executor = async (values, ctx) => {
  const raw = values.inputText;
  if (raw === undefined || raw === null || raw === '') throw userError(NO_TEXTS);
  const parsed = parseJsonish(raw);
  if (!parsed.ok || !Array.isArray(parsed.value)) throw userError(NOT_A_LIST);
  const texts = parsed.value
    .filter((item) => item !== undefined && item !== null)
    .map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
    .filter((text) => text.trim() !== '');
  if (texts.length === 0) throw userError(NO_TEXTS);
  const reply = await modelsOf(ctx).embed(values.embeddingModelName, texts, ctx.signal);
  return { output: { vectors: reply.vectors, _meta: reply.meta } };
};
