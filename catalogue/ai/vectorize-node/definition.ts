/** @module catalogue/ai/vectorize-node/definition — embed a list of texts. */
import type { NodeDefinition } from '../../types.ts';
import { metaOutput, modelField } from '../fields.ts';

export const NO_TEXTS = 'No texts found to vectorize';

export const definition = {
  name: 'vectorizeNode',
  label: 'Vectorize',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'vector',
  docs: '/docs/nodes/vectorizeNode',
  services: ['models'],
  description:
    'Turns each text of a list into a vector with an embedding model: the built-in local model (no key, works ' +
    'offline), OpenAI, or any OpenAI-compatible endpoint. The vectors come out in the order of the texts.',
  inputs: [
    { name: 'inputText', label: 'Texts', type: 'json', required: true, requiredMessage: NO_TEXTS, placeholder: '{{chunking_1.output.chunks}}', description: 'A list of texts.' },
    modelField('embeddingModelName', 'Embedding model', 'embedding'),
  ],
  closedOutputs: true,
  outputs: [
    { name: 'vectors', type: 'array', description: 'one vector (a list of numbers) a text' },
    metaOutput,
  ],
  metadata: { author: 'weft', tags: ['ai', 'rag', 'embeddings', 'embed', 'embedding', 'vector'] },
} as const satisfies NodeDefinition;
