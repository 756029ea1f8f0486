/** @module catalogue/ai/chunking-node/definition — cut text into overlapping chunks for indexing. */
import type { NodeDefinition } from '../../types.ts';

/** Spec 000 §9: paragraph break, line break, space. */
export const DEFAULT_SEPARATORS = ['\n\n', '\n', ' '];
export const DEFAULT_CHUNK_SIZE = 1000;
export const EMPTY_TEXT = 'Cannot chunk empty text';

export const definition = {
  name: 'chunkingNode',
  label: 'Chunking',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'scissors',
  docs: '/docs/nodes/chunkingNode',
  description:
    'Cuts a text (or each text of a list) into chunks of at most "Characters per chunk", each starting with up to ' +
    '"Overlap" characters of the one before. The recursive splitter splits on the first separator the text holds ' +
    'and splits long pieces again with the next ones; the character splitter splits on the first separator only.',
  inputs: [
    // a text, or a list of texts
    { name: 'chunkField', label: 'Text', type: 'data', required: true, requiredMessage: EMPTY_TEXT, placeholder: '{{trigger.output.text}}' },
    {
      name: 'chunkingType',
      label: 'Splitter',
      type: 'select',
      defaultValue: 'recursiveCharacterTextSplitter',
      values: [
        { label: 'Recursive character splitter', value: 'recursiveCharacterTextSplitter' },
        { label: 'Character splitter', value: 'characterTextSplitter' },
      ],
    },
    { name: 'numOfChars', label: 'Characters per chunk', type: 'number', defaultValue: DEFAULT_CHUNK_SIZE, minValue: 1, step: 1 },
    { name: 'overlapChars', label: 'Overlap', type: 'number', defaultValue: 0, minValue: 0, step: 1, description: 'Characters shared by neighbouring chunks.' },
    { name: 'separators', label: 'Separators', type: 'json', defaultValue: DEFAULT_SEPARATORS, description: 'A JSON list, tried in order.' },
  ],
  closedOutputs: true,
  outputs: [{ name: 'chunks', type: 'array', description: 'the chunks, in order' }],
  metadata: { author: 'weft', tags: ['ai', 'rag', 'text', 'chunking', 'split', 'splitter', 'chunk'] },
} as const satisfies NodeDefinition;
