/** @module catalogue/ai/vectorize-node/run — 'No texts found to vectorize', else one vector a text. */
import { defineNode } from '../../define-node.ts';
import { userError } from '../../errors.ts';
import { definition, NO_TEXTS } from './definition.ts';

export const NOT_A_LIST = 'Texts must be a list';

export default defineNode(definition, async (values, ctx) => {
  if (!Array.isArray(values.inputText)) throw userError(NOT_A_LIST);
  const texts = values.inputText
    .filter((item) => item !== undefined && item !== null)
    .map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
    .filter((text) => text.trim() !== '');
  if (texts.length === 0) throw userError(NO_TEXTS);
  const reply = await ctx.services.models.embed(values.embeddingModelName, texts, ctx.signal);
  return { output: { vectors: reply.vectors, _meta: reply.meta } };
});
