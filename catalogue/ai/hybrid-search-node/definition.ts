/** @module catalogue/ai/hybrid-search-node/definition — vector and keyword search fused. */
import type { NodeDefinition } from '../../types.ts';
import { metaOutput, modelField } from '../fields.ts';
import { autocutField, boostPropertiesField, certaintyField, DEFAULT_ALPHA, filtersField, limitField, propertiesField, searchQueryField, vectorDbField } from '../search-fields.ts';

export const HYBRID_CANDIDATES = 100;
/**
 * The vector half's least certainty. Spec 000 §3 gives hybrid search vector search's inputs,
 * certainty among them (0.85 there); weft keeps every vector candidate by default (0), as the
 * fused score ranks them: at 0.85 most candidates of a real embedding model would be cut
 * before the fusion.
 */
export const HYBRID_CERTAINTY = 0;

export const definition = {
  name: 'hybridSearchNode',
  label: 'Hybrid search',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'search-plus',
  docs: '/docs/nodes/hybridSearchNode',
  services: ['models', 'vectors'],
  description:
    'Runs a vector search and a keyword (BM25) search and fuses them: alpha 1 is pure vector search, 0 pure keyword ' +
    'search. relativeScoreFusion scales each list’s scores to 0…1 and weights them; rankedFusion adds 1 / (60 + rank). ' +
    'Properties and Boost properties choose and weight what the keyword search reads (name^weight). Each result carries its fused score.',
  inputs: [
    searchQueryField,
    vectorDbField,
    modelField('embeddingModelName', 'Embedding model', 'embedding'),
    {
      ...certaintyField,
      defaultValue: HYBRID_CERTAINTY,
      description: 'The vector half keeps only records at least this certain (0: every candidate; the fused score ranks them).',
    },
    { name: 'alpha', label: 'Alpha', type: 'number', defaultValue: DEFAULT_ALPHA, minValue: 0, maxValue: 1, step: 0.05 },
    {
      name: 'fusionType',
      label: 'Fusion',
      type: 'select',
      defaultValue: 'relativeScoreFusion',
      values: [
        { label: 'Relative score fusion', value: 'relativeScoreFusion' },
        { label: 'Ranked fusion', value: 'rankedFusion' },
      ],
    },
    boostPropertiesField,
    propertiesField,
    autocutField,
    limitField,
    filtersField,
  ],
  closedOutputs: true,
  outputs: [{ name: 'searchResults', type: 'array', description: 'the records’ metadata, each with _id and score' }, metaOutput],
  metadata: { author: 'weft', tags: ['ai', 'rag', 'search', 'hybrid'] },
} as const satisfies NodeDefinition;
