/** @module catalogue/ai/memory-retrieve-node/definition — the memories nearest to a query (spec 002 §3, §4). */
import type { NodeDefinition } from '../../types.ts';
import { metaOutput, modelField } from '../fields.ts';
import { filtersField } from '../search-fields.ts';

export const definition = {
  name: 'memoryRetrieveNode',
  label: 'Memory retrieve',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'memory-read',
  docs: '/docs/nodes/memoryRetrieveNode',
  services: ['models', 'vectors'],
  description:
    'Finds the memories nearest to the query in Memory_{collection}. memories are chat messages (role user, the text ' +
    "prefixed by the user id and session) for a Generate text node's Memories field; rawMemories the records.",
  inputs: [
    { name: 'searchQuery', label: 'Query', type: 'template', required: true, placeholder: '{{trigger.output.chatMessage}}' },
    { name: 'memoryCollection', label: 'Collection', type: 'text', defaultValue: 'Default' },
    modelField('embeddingModelName', 'Embedding model', 'embedding'),
    { name: 'limit', label: 'Limit', type: 'number', defaultValue: 3, minValue: 1, maxValue: 100, step: 1 },
    { ...filtersField, description: 'e.g. {"uniqueId": "{{trigger.output.userId}}"}' },
  ],
  closedOutputs: true,
  outputs: [
    { name: 'memories', type: 'array', description: '[{ role: "user", content }]' },
    { name: 'rawMemories', type: 'array', description: 'the memory records with their certainty' },
    metaOutput,
  ],
  metadata: { author: 'weft', tags: ['ai', 'memory', 'recall', 'history'] },
} as const satisfies NodeDefinition;
