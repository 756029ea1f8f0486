/** @module catalogue/ai/keyword-search-node/definition — full-text search ranked by BM25. */
import type { NodeDefinition } from '../../types.ts';
import { autocutField, boostPropertiesField, filtersField, limitField, propertiesField, searchQueryField, vectorDbField } from '../search-fields.ts';

export const definition = {
  name: 'keywordSearchNode',
  label: 'Keyword search',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'search-text',
  docs: '/docs/nodes/keywordSearchNode',
  services: ['vectors'],
  description:
    'Finds the records whose text holds the query’s words, ranked by BM25 (k1 1.2, b 0.75), best first. Words are ' +
    'compared lower-cased, without accents, stop words or common endings. Properties limits the search to some properties and ' +
    'name^weight (in Properties or Boost properties) weights one, as Weaviate’s BM25F does. Each result carries its score.',
  inputs: [searchQueryField, vectorDbField, limitField, boostPropertiesField, propertiesField, autocutField, filtersField],
  closedOutputs: true,
  outputs: [{ name: 'searchResults', type: 'array', description: 'the records’ metadata, each with _id and score' }],
  metadata: { author: 'weft', tags: ['ai', 'search', 'bm25', 'full-text', 'fulltext', 'text search'] },
} as const satisfies NodeDefinition;
