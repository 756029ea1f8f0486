/** @module catalogue/app/table-database-trigger-node/definition — the table database's own webhook as a trigger (spec 002 §3 "Trigger input: webhookId", id 14). */
import type { NodeDefinition } from '../../types.ts';

export const definition = {
  name: 'tableDatabaseTriggerNode',
  label: 'Table database change',
  type: 'triggerNode',
  category: 'App',
  status: 'Enabled',
  icon: 'database',
  docs: '/docs/nodes/tableDatabaseTriggerNode',
  description:
    'Starts the flow when records of an Airtable base (or of one table) change. Deploying the flow creates an Airtable ' +
    'webhook that calls weft (the credential must hold a personal access token; the server needs WEFT_PUBLIC_URL); ' +
    'undeploying deletes it. The output holds the webhook id and the changes Airtable reports (payloads).',
  isTrigger: true,
  isIntegration: true,
  integrationId: 14,
  authTypes: ['oauth'],
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Table database change' },
    { name: 'credentials', label: 'Credential', type: 'credential', required: true, isCredential: true, description: 'A "Table database" credential holding a personal access token.' },
    { name: 'baseId', label: 'Base', type: 'text', required: true, loadOptionsMethod: 'tableDatabaseBases' },
    { name: 'tableIdOrName', label: 'Table', type: 'text', loadOptionsMethod: 'tableDatabaseTables', description: 'Only changes of this table (its id); empty: the whole base.' },
  ],
  outputs: [
    { name: 'webhookId', type: 'string' },
    { name: 'baseId', type: 'string' },
    { name: 'timestamp', type: 'string' },
    { name: 'payloads', type: 'array', description: "Airtable's change payloads since the last call" },
  ],
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['airtable', 'table', 'records', 'changed', 'trigger', 'webhook'] },
} as const satisfies NodeDefinition;
