/**
 * @module catalogue/data-source/microsoft-drive-fields — the fields and outputs the OneDrive
 * Business and SharePoint Business sources share (spec 001 §3 "OneDrive Business source",
 * "SharePoint Business source"; defaults from §9). Pure data, browser-safe.
 */
import type { InputField, OutputField } from '../types.ts';
import { cronExpressionField, daysToSyncField, documentGlobsField, strategyField } from './sync-fields.ts';

/** the data-sync service's start_date pattern (a UTC timestamp with microseconds) */
export const START_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** every field after the drive or site, in the spec's order */
export const driveSyncFields = [
  {
    name: 'folder_path',
    label: 'Folder path',
    type: 'text',
    defaultValue: '.',
    description: "The folder to read, with every folder below it: '.' is the drive's root, 'Reports/2026' a folder in it.",
  },
  documentGlobsField('Which files are read, by path pattern below the folder (** any folders, * any name).'),
  {
    name: 'syncMode',
    label: 'Sync mode',
    type: 'select',
    defaultValue: 'incremental',
    values: [
      { label: 'Incremental', value: 'incremental' },
      { label: 'Full Refresh', value: 'full_refresh' },
    ],
    description: 'Incremental reads the files changed since the last sync; Full Refresh reads every file at each sync.',
  },
  cronExpressionField,
  {
    name: 'search_scope',
    label: 'Search scope',
    type: 'select',
    defaultValue: 'ALL',
    values: [
      { label: 'Accessible drives', value: 'ACCESSIBLE_DRIVES' },
      { label: 'Shared items', value: 'SHARED_ITEMS' },
      { label: 'All', value: 'ALL' },
    ],
    description: 'Accessible drives: the folder above in the drives you reach; Shared items: files shared with you; All: both.',
  },
  strategyField,
  daysToSyncField('When the record of files already synced is full, files modified in this many last days are read again.'),
  {
    name: 'start_date',
    label: 'Start date',
    type: 'text',
    placeholder: '2026-01-01T00:00:00.000000Z',
    description: 'Optional: files modified before this UTC time (YYYY-MM-DDTHH:mm:ss.SSSSSSZ) are left out.',
  },
] as const satisfies readonly InputField[];

/** spec 001 §3: each document the sync reads starts one run with these */
export const documentOutputs = [
  { name: 'document_key', type: 'string', description: 'the file: its drive and path' },
  { name: 'content', type: 'string', description: 'the text of the file' },
  { name: '_ab_source_file_last_modified', type: 'string', description: 'when the file was last modified (UTC)' },
  { name: '_ab_source_file_url', type: 'string', description: 'the file in OneDrive or SharePoint' },
  { name: '_ab_source_file_parse_error', type: 'string', description: 'why the file could not be parsed (content is empty then); null when it was' },
] as const satisfies readonly OutputField[];
