/**
 * @module catalogue/data-source/s3-trigger-node/definition — the S3 source (spec 001 §3, an `s3`
 * access-key credential, a paid-plan type): a data-source trigger whose flow runs once for each
 * document a scheduled sync reads from a bucket (reader: runtime/services/sync-sources/s3.ts).
 */
import type { NodeDefinition } from '../../types.ts';
import { credentialsField, cronExpressionField, daysToSyncField, documentGlobsField, documentOutputs, fileSyncModeField, strategyField } from '../sync-fields.ts';

export const definition = {
  name: 's3TriggerNode',
  label: 'S3',
  type: 'triggerNode',
  category: 'App',
  status: 'Enabled',
  icon: 'database',
  docs: '/docs/nodes/s3TriggerNode',
  isIntegration: true,
  isTrigger: true,
  isDataSource: true,
  authTypes: ['basic'],
  description:
    'Syncs documents from an S3 bucket (or an S3-compatible store) on a schedule: each object matching the patterns ' +
    'starts one run of the flow with its text as {{trigger.output.content}} and a link to it valid for 30 minutes as ' +
    '{{trigger.output.document_url}}. Incremental syncs read only the objects added or changed since the last one. ' +
    'Deploy the flow to start the sync job; stopping the flow deletes it (Pause in the Deploy tab only pauses it).',
  inputs: [
    credentialsField('"S3 (object storage)" (s3)'),
    { name: 'bucket', label: 'Bucket', type: 'text', required: true, loadOptionsMethod: 's3ListBuckets', description: 'Pick one of the buckets the key pair reaches, or give its name.' },
    strategyField,
    documentGlobsField('Which objects are read, by key pattern (** any folders, * any name).'),
    daysToSyncField('Objects modified this many days before the last one synced are looked at again, so late uploads are not missed.'),
    {
      name: 'start_date',
      label: 'Start date',
      type: 'text',
      placeholder: '2026-01-01T00:00:00.000000Z',
      description: 'Optional: objects modified before this UTC time are left out.',
    },
    fileSyncModeField,
    cronExpressionField,
  ],
  outputs: [...documentOutputs, { name: 'document_url', type: 'string', description: 'a presigned GET link to the object, valid 1800 s' }],
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['s3', 'aws', 'bucket', 'object storage', 'documents', 'sync', 'data source', 'trigger'] },
} as const satisfies NodeDefinition;
