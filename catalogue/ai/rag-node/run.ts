/**
 * @module catalogue/ai/rag-node/run — embed the query, take the nearest passages above the
 * certainty, and ask the model with them as a numbered system message; usage of both calls adds up.
 */
import { userError } from '../../errors.ts';
import type { Executor } from '../../types.ts';
import { buildMessages } from '../chat-input.ts';
import { callLLM } from '../llm-call.ts';
import { numberIn, queryVector, result, vectorsOf } from '../search-run.ts';
import { addUsage } from '../usage-meta.ts';
import type { Properties } from '../vector-services.ts';
import { RAG_CERTAINTY, RAG_LIMIT } from './definition.ts';

const passageText = (properties: Properties) =>
  typeof properties.text === 'string' ? properties.text : typeof properties.content === 'string' ? properties.content : JSON.stringify(properties);

export const run: Executor = async (values, ctx) => {
  const vectors = vectorsOf(ctx);
  const query = typeof values.queryField === 'string' ? values.queryField.trim() : values.queryField == null ? '' : JSON.stringify(values.queryField);
  if (!query) throw userError('Query is required');
  const limit = numberIn(values, 'limit', 'Passages', RAG_LIMIT, 1, 20);
  const certainty = numberIn(values, 'certainty', 'Certainty', RAG_CERTAINTY, 0, 1);
  const messages = buildMessages({ prompts: values.prompts, messages: values.messages, memories: values.memories });
  const embedded = await queryVector(ctx, { embeddingModelName: values.embeddingModelName }, query);
  const hits = await vectors.nearVector(String(values.vectorDB ?? ''), embedded.vector, { limit, certainty, filters: values.filters });
  const passages = hits.length
    ? hits.map((h, i) => `[${i + 1}] ${passageText(h.properties)}`).join('\n\n')
    : '(no passage of the collection matches the question)';
  const system = messages.filter((m) => m.role === 'system').length;
  messages.splice(system, 0, { role: 'system', content: `Passages:\n${passages}` });
  const reply = await callLLM(ctx, values.generativeModelName, { messages }, values.stream !== false && values.stream !== 'false');
  return {
    output: {
      modelResponse: reply.content,
      references: hits.map((h) => result(h, { certainty: h.certainty })),
      _meta: addUsage(embedded.meta, reply.meta),
    },
  };
};
