/** @module catalogue/ai/vector-search-node/definition — the records nearest in meaning to a query. */
import type { NodeDefinition } from '../../types.ts';
import { metaOutput, modelField } from '../fields.ts';
import { certaintyField, filtersField, limitField, searchQueryField, vectorDbField } from '../search-fields.ts';

export const definition = {
  name: 'vectorSearchNode',
  label: 'Vector search',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'compass',
  docs: '/docs/nodes/vectorSearchNode',
  services: ['models', 'vectors'],
  description:
    "Embeds the query with the collection's embedding model and returns the nearest records whose certainty " +
    '(1 − cosine distance / 2) is at least the one asked for, nearest first.',
  inputs: [searchQueryField, vectorDbField, modelField('embeddingModelName', 'Embedding model', 'embedding'), certaintyField, limitField, filtersField],
  closedOutputs: true,
  outputs: [{ name: 'searchResults', type: 'array', description: 'the records’ metadata, each with _id and certainty' }, metaOutput],
  metadata: { author: 'weft', tags: ['ai', 'rag', 'search', 'similarity', 'semantic', 'nearest'] },
} as const satisfies NodeDefinition;
