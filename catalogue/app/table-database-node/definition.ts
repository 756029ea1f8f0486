/** @module catalogue/app/table-database-node/definition — the table database node (spec 002 §3 "Table database node", id 14). */
import type { NodeDefinition } from '../../types.ts';

export const TABLE_ACTIONS = [
  { label: 'List bases', value: 'listBases' },
  { label: 'Create comment', value: 'createComment' },
  { label: 'Create field', value: 'createField' },
  { label: 'Create multiple records', value: 'createMultipleRecords' },
  { label: 'Create record', value: 'createRecord' },
  { label: 'Create table', value: 'createTable' },
  { label: 'Delete multiple records', value: 'deleteMultipleRecords' },
  { label: 'Delete record', value: 'deleteRecord' },
  { label: 'Get base schema', value: 'getBaseSchema' },
  { label: 'Get record', value: 'getRecord' },
  { label: 'Get user info', value: 'getUserInfo' },
  { label: 'List comments', value: 'listComments' },
  { label: 'List records', value: 'listRecords' },
  { label: 'Update record', value: 'updateRecord' },
] as const;

export type TableAction = (typeof TABLE_ACTIONS)[number]['value'];

/** the field types a field can be created with (spec 002 §3: 30 types, default singleLineText) */
export const FIELD_TYPES = [
  'singleLineText', 'email', 'url', 'multilineText', 'number', 'percent', 'currency', 'singleSelect', 'multipleSelects',
  'singleCollaborator', 'multipleCollaborators', 'multipleRecordLinks', 'date', 'dateTime', 'phoneNumber',
  'multipleAttachments', 'checkbox', 'formula', 'createdTime', 'rollup', 'count', 'multipleLookupValues', 'autoNumber',
  'barcode', 'rating', 'richText', 'duration', 'lastModifiedTime', 'createdBy', 'lastModifiedBy',
] as const;

/** records and record ids one request takes (spec 002 §5) */
export const MAX_RECORDS_PER_REQUEST = 10;

const on = (...actions: TableAction[]) => ({ actionField: 'action', actionValue: actions });
const withBase: TableAction[] = ['createComment', 'createField', 'createMultipleRecords', 'createRecord', 'createTable', 'deleteMultipleRecords', 'deleteRecord', 'getBaseSchema', 'getRecord', 'listComments', 'listRecords', 'updateRecord'];
const withTable: TableAction[] = ['createComment', 'createField', 'createMultipleRecords', 'createRecord', 'deleteMultipleRecords', 'deleteRecord', 'getRecord', 'listComments', 'listRecords', 'updateRecord'];
const withRecord: TableAction[] = ['createComment', 'deleteRecord', 'getRecord', 'listComments', 'updateRecord'];
const reading: TableAction[] = ['getRecord', 'listRecords'];

export const definition = {
  name: 'tableDatabaseNode',
  label: 'Table database',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'database',
  docs: '/docs/nodes/tableDatabaseNode',
  sideEffects: 'database',
  description:
    'Reads and writes bases, tables, fields, records and comments of the table database (Airtable) a "Table database" ' +
    'credential connects: through the tool-execution service, or straight at the Airtable API when the credential holds ' +
    'a personal access token. JSON fields are parsed; outputs data, successful and error.',
  isIntegration: true,
  integrationId: 14,
  authTypes: ['oauth'],
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Table database' },
    { name: 'credentials', label: 'Credential', type: 'credential', required: true, isCredential: true, description: 'The name of a "Table database" credential of the project.' },
    { name: 'action', label: 'Action', type: 'select', required: true, defaultValue: 'listRecords', values: TABLE_ACTIONS },
    { name: 'baseId', label: 'Base', type: 'template', required: true, loadOptionsMethod: 'tableDatabaseBases', ...on(...withBase) },
    { name: 'tableIdOrName', label: 'Table', type: 'template', required: true, loadOptionsMethod: 'tableDatabaseTables', ...on(...withTable) },
    { name: 'recordId', label: 'Record', type: 'template', required: true, loadOptionsMethod: 'tableDatabaseRecords', ...on(...withRecord) },
    { name: 'fields', label: 'Fields', type: 'json', required: true, description: 'A JSON object of field names to values.', ...on('createRecord', 'updateRecord') },
    { name: 'records', label: 'Records', type: 'json', required: true, description: 'A JSON list of at most 10 records, each an object of field names to values (or {"fields": {…}}).', ...on('createMultipleRecords') },
    { name: 'recordIds', label: 'Record ids', type: 'json', required: true, description: 'A JSON list of at most 10 record ids (or ids separated by commas).', ...on('deleteMultipleRecords') },
    { name: 'name', label: 'Name', type: 'template', required: true, description: 'The new field\'s or table\'s name.', ...on('createField', 'createTable') },
    { name: 'fieldsConfig', label: 'Table fields', type: 'json', required: true, description: 'A JSON list of the new table\'s fields, e.g. [{"name": "Name", "type": "singleLineText"}]; the first is its primary field.', ...on('createTable') },
    { name: 'tableDescription', label: 'Table description', type: 'template', ...on('createTable') },
    { name: 'fieldType', label: 'Field type', type: 'select', defaultValue: 'singleLineText', values: FIELD_TYPES.map((t) => ({ label: t, value: t })), ...on('createField') },
    { name: 'fieldOptions', label: 'Field options', type: 'json', description: 'The type\'s options as JSON, e.g. {"choices": [{"name": "Open"}]} for singleSelect.', ...on('createField') },
    { name: 'fieldDescription', label: 'Field description', type: 'template', ...on('createField') },
    { name: 'commentText', label: 'Comment', type: 'template', required: true, ...on('createComment') },
    { name: 'cellFormat', label: 'Cell format', type: 'select', defaultValue: 'json', values: [{ label: 'json', value: 'json' }, { label: 'string', value: 'string' }], ...on(...reading) },
    { name: 'returnFieldsByFieldId', label: 'Return fields by field id', type: 'boolean', defaultValue: false, ...on(...reading) },
    { name: 'fieldsFilter', label: 'Only these fields', type: 'list', loadOptionsMethod: 'tableDatabaseFields', ...on('listRecords') },
    { name: 'filterByFormula', label: 'Filter by formula', type: 'template', placeholder: "{Status} = 'Open'", ...on('listRecords') },
    { name: 'maxRecords', label: 'Maximum records', type: 'number', minValue: 1, step: 1, ...on('listRecords') },
    { name: 'pageSize', label: 'Page size', type: 'number', defaultValue: 100, minValue: 1, maxValue: 100, step: 1, ...on('listRecords', 'listComments') },
    { name: 'offset', label: 'Offset', type: 'template', description: 'The offset a previous page answered.', ...on('listRecords', 'listComments', 'listBases') },
    { name: 'sort', label: 'Sort', type: 'json', description: 'A JSON list such as [{"field": "Name", "direction": "asc"}].', ...on('listRecords') },
    { name: 'view', label: 'View', type: 'template', ...on('listRecords') },
    { name: 'timeZone', label: 'Time zone', type: 'template', defaultValue: 'utc', ...on(...reading) },
    { name: 'userLocale', label: 'User locale', type: 'template', ...on(...reading) },
    { name: 'recordMetadata', label: 'Record metadata', type: 'multiSelect', values: [{ label: 'commentCount', value: 'commentCount' }], ...on('listRecords') },
  ],
  outputs: [
    { name: 'data', type: 'any', description: "the service's answer" },
    { name: 'successful', type: 'boolean' },
    { name: 'error', type: 'any' },
  ],
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['airtable', 'table', 'database', 'records', 'spreadsheet', 'base'] },
} as const satisfies NodeDefinition;
