/**
 * @module catalogue/data-source/google-sheets-trigger-node/definition — the Google Sheets source
 * (spec 001 §3, integration 3, OAuth `googleSheetsOauth`, marketplace 3): a data-source trigger
 * whose flow runs once for each batch of rows a scheduled sync reads from one sheet (reader:
 * runtime/services/sync-sources/google-sheets.ts).
 */
import type { NodeDefinition } from '../../types.ts';
import { credentialsField, cronExpressionField } from '../sync-fields.ts';

export const definition = {
  name: 'googleSheetsTriggerNode',
  label: 'Google Sheets',
  type: 'triggerNode',
  category: 'App',
  status: 'Enabled',
  icon: 'list',
  docs: '/docs/nodes/googleSheetsTriggerNode',
  isIntegration: true,
  isTrigger: true,
  isDataSource: true,
  integrationId: 3,
  authTypes: ['oauth'],
  description:
    'Syncs the rows of a Google Sheets sheet on a schedule: the first row names the columns, and each batch of rows ' +
    'starts one run of the flow with {{trigger.output.records}} (one object a row) and {{trigger.output.stream}} (the ' +
    'sheet). Every sync reads the whole sheet (Full Refresh). Deploy the flow to start the sync job; stopping the flow deletes it (Pause in the Deploy tab only pauses it).',
  inputs: [
    credentialsField('"Spreadsheet (Google Sheets OAuth)" (googleSheetsOauth)'),
    {
      name: 'syncMode',
      label: 'Sync mode',
      type: 'select',
      defaultValue: 'full_refresh_append',
      values: [{ label: 'Full Refresh', value: 'full_refresh_append' }],
      description: 'Full Refresh: every sync reads every row of the sheet.',
    },
    cronExpressionField,
    {
      name: 'spreadSheetLink',
      label: 'Spreadsheet link',
      type: 'text',
      required: true,
      placeholder: 'https://docs.google.com/spreadsheets/d/…/edit',
      description: 'The spreadsheet’s link (its id is the part after /d/).',
    },
    {
      name: 'sheetName',
      label: 'Sheet',
      type: 'text',
      required: true,
      loadOptionsMethod: 'googleSheetsListSheets',
      placeholder: 'Sheet1',
      description: 'Pick one of the spreadsheet’s sheets, or give its name.',
    },
    { name: 'batchSize', label: 'Batch size', type: 'number', defaultValue: 200, minValue: 1, maxValue: 10000, step: 1, description: 'Rows in each run of the flow.' },
    {
      name: 'namesConversion',
      label: 'Convert column names',
      type: 'boolean',
      defaultValue: false,
      description: 'Turn the column names into snake_case (“First Name” → first_name).',
    },
  ],
  outputs: [
    { name: 'records', type: 'array', description: 'the batch’s rows, each an object keyed by the column names' },
    { name: 'stream', type: 'string', description: 'the sheet’s name' },
  ],
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['google sheets', 'spreadsheet', 'sheet', 'rows', 'sync', 'data source', 'trigger'] },
} as const satisfies NodeDefinition;
