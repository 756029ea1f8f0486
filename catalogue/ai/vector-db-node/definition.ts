/** @module catalogue/ai/vector-db-node/definition — index, filter or delete records of a project's vector collection. */
import type { NodeDefinition } from '../../types.ts';

export const FILTER_LIMIT_DEFAULT = 20;
export const FILTER_LIMIT_MAX = 100;
export const EMPTY_DATA = 'Invalid data, metadata or vectors is empty';
export const INVALID_FILTERS = 'Invalid filters provided';

export const definition = {
  name: 'vectorDbNode',
  label: 'Vector database',
  type: 'dynamicNode',
  category: 'AI',
  status: 'Enabled',
  icon: 'database',
  docs: '/docs/nodes/vectorDbNode',
  sideEffects: 'database',
  services: ['vectors'],
  description:
    "Stores vectors with their metadata in one of the project's collections (created on first index, its vector size " +
    'fixed then), finds records by metadata, or deletes them. With primary keys, an incoming record whose key values ' +
    'are already stored is a duplicate: overwrite replaces the stored one, skip leaves the new one out. Filters are a ' +
    'JSON object of metadata key → value; numeric and boolean strings are converted.',
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'VectorDB' },
    { name: 'vectorDB', label: 'Collection', type: 'text', required: true, placeholder: 'Docs' },
    {
      name: 'action',
      label: 'Action',
      type: 'select',
      invalidMessage: 'Invalid action',
      defaultValue: 'index',
      values: [
        { label: 'Index', value: 'index' },
        { label: 'Filter', value: 'filter' },
        { label: 'Delete', value: 'delete' },
      ],
    },
    { name: 'vectorsField', label: 'Vectors', type: 'json', required: true, requiredMessage: EMPTY_DATA, actionField: 'action', actionValue: 'index', placeholder: '{{vectorize_1.output.vectors}}' },
    {
      name: 'metadataField',
      label: 'Metadata',
      type: 'json',
      required: true,
      requiredMessage: EMPTY_DATA,
      actionField: 'action',
      actionValue: 'index',
      placeholder: '{{chunking_1.output.chunks}}',
      description: 'One object a vector (a text becomes { text }).',
    },
    { name: 'primaryKeys', label: 'Primary keys', type: 'text', defaultValue: '', actionField: 'action', actionValue: 'index', description: 'Metadata keys that identify a record, comma-separated.' },
    {
      name: 'duplicateOperation',
      label: 'On duplicates',
      type: 'select',
      defaultValue: 'overwrite',
      actionField: 'action',
      actionValue: 'index',
      values: [
        { label: 'Overwrite', value: 'overwrite' },
        { label: 'Skip', value: 'skip' },
      ],
    },
    { name: 'filters', label: 'Filters', type: 'json', required: true, requiredMessage: INVALID_FILTERS, actionField: 'action', actionValue: ['filter', 'delete'], placeholder: '{"source":"handbook.pdf"}' },
    { name: 'limit', label: 'Limit', type: 'number', defaultValue: FILTER_LIMIT_DEFAULT, minValue: 1, maxValue: FILTER_LIMIT_MAX, step: 1, actionField: 'action', actionValue: 'filter' },
  ],
  outputs: [
    { name: 'message', type: 'string' },
    { name: 'recordsIndexed', type: 'number', description: 'index: records written' },
    { name: 'duplicateRecordsDeleted', type: 'number', description: 'index: stored duplicates replaced' },
    { name: 'data', type: 'array', description: 'filter: the records (id and metadata)' },
    { name: 'count', type: 'number', description: 'filter: how many' },
    { name: 'success', type: 'boolean' },
  ],
  metadata: { author: 'weft', tags: ['ai', 'rag', 'vector database', 'index', 'store', 'collection', 'upsert'] },
} as const satisfies NodeDefinition;
