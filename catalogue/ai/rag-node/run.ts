/**
 * @module catalogue/ai/rag-node/run — embed the query, take the nearest passages above the
 * certainty, and ask the model with them as a numbered system message; usage of both calls adds up.
 */
import { defineNode } from '../../define-node.ts';
import { buildMessages } from '../chat-input.ts';
import { callLLM } from '../llm-call.ts';
import { queryVector, result, vectorsOf } from '../search-run.ts';
import { addUsage } from '../usage-meta.ts';
import type { Properties } from '../../services/vectors.ts';
import { definition } from './definition.ts';

const passageText = (properties: Properties) =>
  typeof properties.text === 'string' ? properties.text : typeof properties.content === 'string' ? properties.content : JSON.stringify(properties);

export default defineNode(definition, async (values, ctx) => {
  const vectors = vectorsOf(ctx);
  const messages = buildMessages({ prompts: values.prompts, messages: values.messages, memories: values.memories });
  const embedded = await queryVector(ctx, values.embeddingModelName, values.queryField.trim());
  const { limit, certainty, filters } = values;
  const hits = await vectors.nearVector(values.vectorDB, embedded.vector, { limit, certainty, filters });
  const passages = hits.length
    ? hits.map((h, i) => `[${i + 1}] ${passageText(h.properties)}`).join('\n\n')
    : '(no passage of the collection matches the question)';
  const system = messages.filter((m) => m.role === 'system').length;
  messages.splice(system, 0, { role: 'system', content: `Passages:\n${passages}` });
  const reply = await callLLM(ctx, values.generativeModelName, { messages }, values.stream);
  return {
    output: {
      modelResponse: reply.content,
      references: hits.map((h) => result(h, { certainty: h.certainty })),
      _meta: addUsage(embedded.meta, reply.meta),
    },
  };
});
