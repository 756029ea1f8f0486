/**
 * @module catalogue/data-source/postgres-trigger-node/definition — the Postgres data source (spec
 * 001 §3 "Postgres trigger", integration 212): a sync job reads the chosen tables on a schedule,
 * by Xmin replication, and runs the flow once per batch of rows.
 */
import type { NodeDefinition } from '../../types.ts';
import { WEEKLY_CRON } from '../sync-fields.ts';

export const definition = {
  name: 'postgresTriggerNode',
  label: 'Postgres',
  type: 'triggerNode',
  category: 'App',
  status: 'Enabled',
  icon: 'database',
  docs: '/docs/nodes/postgresTriggerNode',
  description:
    'Syncs tables of a Postgres database on a schedule: deploying the flow starts a sync job that reads the chosen ' +
    'tables in batches and runs the flow once per batch, with {records, stream} ("schema.table"). Incremental reads only ' +
    'the rows inserted or updated since the last sync (by their xmin); Full Refresh reads every row each time.',
  isTrigger: true,
  isIntegration: true,
  isDataSource: true,
  integrationId: 212,
  authTypes: ['basic'],
  inputs: [
    { name: 'credentials', label: 'Credential', type: 'credential', required: true, isCredential: true, description: 'A "Postgres" credential of the project.' },
    {
      name: 'syncMode',
      label: 'Sync mode',
      type: 'select',
      required: true,
      defaultValue: 'incremental_append',
      values: [
        { label: 'Incremental', value: 'incremental_append' },
        { label: 'Full Refresh', value: 'full_refresh_append' },
      ],
      description: 'Incremental: the rows changed since the last sync (Xmin replication). Full Refresh: every row, each sync.',
    },
    {
      name: 'cronExpression',
      label: 'Schedule (cron)',
      type: 'text',
      required: true,
      defaultValue: WEEKLY_CRON,
      description: 'When to sync; the last token is the time zone. The default syncs weekly, Sunday at midnight UTC.',
    },
    {
      name: 'schemas',
      label: 'Schemas',
      type: 'list',
      required: true,
      defaultValue: ['public'],
      loadOptionsMethod: 'postgresSchemas',
      description: 'The schemas whose tables are synced.',
    },
    {
      name: 'tables',
      label: 'Tables',
      type: 'list',
      loadOptionsMethod: 'postgresTables',
      description: 'The tables to sync, as schema.table; empty: every table of the schemas.',
    },
    { name: 'batchSize', label: 'Batch size', type: 'number', defaultValue: 200, minValue: 1, maxValue: 10000, step: 1, description: 'Rows a run of the flow gets.' },
  ],
  outputs: [
    { name: 'records', type: 'array', description: 'the rows of this batch, each an object of its columns' },
    { name: 'stream', type: 'string', description: 'the table they come from, as schema.table' },
  ],
  metadata: { author: 'weft', tags: ['postgres', 'postgresql', 'sql', 'database', 'sync', 'data source', 'table'] },
} as const satisfies NodeDefinition;
