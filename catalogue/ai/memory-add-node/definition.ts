/** @module catalogue/ai/memory-add-node/definition — remember facts from a text per user and session (spec 002 §3, §4). */
import type { NodeDefinition } from '../../types.ts';
import { metaOutput, modelField } from '../fields.ts';

export const DEFAULT_SESSION = 'Global';
export const MEMORY_NEIGHBOURS = 5;
/** the least certainty of a memory search (spec 002 §9: 0.01 threshold for memory; 0.85 is the search nodes') */
export const MEMORY_THRESHOLD = 0.01;

export const definition = {
  name: 'memoryAddNode',
  label: 'Memory add',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'memory-add',
  docs: '/docs/nodes/memoryAddNode',
  sideEffects: 'database',
  services: ['models', 'vectors'],
  description:
    'A chat model extracts facts from the text; each fact is compared with the 5 nearest memories of the same user ' +
    'and session, and the model decides to ADD it, UPDATE a memory, DELETE one, or change nothing. Memories live in ' +
    "the project's collection Memory_{collection}.",
  inputs: [
    { name: 'uniqueId', label: 'User id', type: 'template', required: true, placeholder: '{{trigger.output.userId}}' },
    { name: 'sessionId', label: 'Session id', type: 'template', defaultValue: DEFAULT_SESSION },
    { name: 'memoryCollection', label: 'Collection', type: 'text', defaultValue: 'Default' },
    { name: 'memoryValue', label: 'Text', type: 'template', required: true, placeholder: '{{trigger.output.chatMessage}}' },
    modelField('embeddingModelName', 'Embedding model', 'embedding'),
    modelField('generativeModelName', 'Model', 'text'),
    { name: 'metadata', label: 'Metadata', type: 'json', defaultValue: '{}', description: 'A JSON object stored with each memory.' },
  ],
  closedOutputs: true,
  outputs: [
    { name: 'memoryActions', type: 'array', description: 'each action: event (ADD, UPDATE, DELETE), id, text (and previous text)' },
    { name: 'extractedFacts', type: 'array', description: 'the facts the model found' },
    metaOutput,
  ],
  metadata: { author: 'weft', tags: ['ai', 'memory', 'remember', 'store', 'history'] },
} as const satisfies NodeDefinition;
