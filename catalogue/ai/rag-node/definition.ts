/** @module catalogue/ai/rag-node/definition — retrieve passages of a collection, then answer with them. */
import type { NodeDefinition } from '../../types.ts';
import { memoriesField, messagesField, metaOutput, modelField, promptsField, streamField } from '../fields.ts';
import { filtersField, vectorDbField } from '../search-fields.ts';

/** the node catalogue's certainty (spec 000 §3 gives 0.7 here, 0.85 as the runtime default) */
export const RAG_CERTAINTY = 0.7;
export const RAG_LIMIT = 3;

export const definition = {
  name: 'ragNode',
  label: 'Retrieval-augmented generation',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'book',
  docs: '/docs/nodes/ragNode',
  services: ['models', 'vectors'],
  description:
    'Finds the passages of the collection nearest to the query (vector search), hands them to a chat model with the ' +
    'prompts, and answers with what it says and the passages it was given (references).',
  inputs: [
    promptsField('Answer the question using only the passages given. Say so when they do not hold the answer.', '{{trigger.output.question}}'),
    vectorDbField,
    { name: 'queryField', label: 'Query', type: 'template', required: true, placeholder: '{{trigger.output.question}}' },
    modelField('embeddingModelName', 'Embedding model', 'embedding'),
    { name: 'limit', label: 'Passages', type: 'number', defaultValue: RAG_LIMIT, minValue: 1, maxValue: 20, step: 1 },
    { name: 'certainty', label: 'Certainty', type: 'number', defaultValue: RAG_CERTAINTY, minValue: 0, maxValue: 1, step: 0.01 },
    filtersField,
    modelField('generativeModelName', 'Model', 'text'),
    messagesField,
    memoriesField,
    streamField,
  ],
  closedOutputs: true,
  outputs: [
    { name: 'modelResponse', type: 'string', description: "the model's answer" },
    { name: 'references', type: 'array', description: 'the passages given to the model: metadata, _id, certainty' },
    metaOutput,
  ],
  metadata: { author: 'weft', tags: ['ai', 'rag', 'llm', 'search', 'retrieval', 'knowledge', 'question', 'answer'] },
} as const satisfies NodeDefinition;
