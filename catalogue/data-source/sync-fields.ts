/**
 * @module catalogue/data-source/sync-fields — what the Google Sheets, Google Drive and S3 sources
 * share (spec 001 §3, defaults from §9): the weekly cron, the five document types, the sync
 * mode and schedule fields, the documents' outputs. Pure data, browser-safe.
 */
import type { InputField, OutputField } from '../types.ts';

/** spec 001 §9: the Google Sheets default and the weekly default, Sunday at midnight, in the data-sync service's cron (the last token is the time zone) */
export const WEEKLY_CRON = '0 0 00 ? * 1 * UTC';

/** spec 001 §9: the five document types (pdf, docx, txt, pptx, md), in any folder */
export const DOCUMENT_GLOBS = ['**/*.pdf', '**/*.docx', '**/*.txt', '**/*.pptx', '**/*.md'] as const;

export const credentialsField = (credentialType: string) =>
  ({
    name: 'credentials',
    label: 'Credential',
    type: 'credential',
    required: true,
    isCredential: true,
    description: `The name of a ${credentialType} credential of the project.`,
  }) as const satisfies InputField;

export const cronExpressionField = {
  name: 'cronExpression',
  label: 'Schedule (cron)',
  type: 'text',
  defaultValue: WEEKLY_CRON,
  description: 'When the sync runs: a cron expression whose last token is the time zone (default: weekly, Sunday at midnight UTC).',
} as const satisfies InputField;

/** spec 001 §3 globs, default the five document types (§9) */
export const documentGlobsField = (description: string) =>
  ({
    name: 'globs',
    label: 'Files',
    type: 'multiSelect',
    defaultValue: [...DOCUMENT_GLOBS],
    values: DOCUMENT_GLOBS.map((glob) => ({ label: glob, value: glob })),
    description,
  }) as const satisfies InputField;

/** spec 001 §3 days_to_sync_if_history_is_full (default 3): how far back a file source looks again */
export const daysToSyncField = <const D extends string>(description: D) =>
  ({
    name: 'days_to_sync_if_history_is_full',
    label: 'Days to sync if history is full',
    type: 'number',
    defaultValue: 3,
    minValue: 1,
    step: 1,
    description,
  }) as const satisfies InputField;

/** spec 001 §3 strategy (auto default, fast, ocr_only, hi_res): the data-sync service's parsing */
export const strategyField = {
  name: 'strategy',
  label: 'Parsing strategy',
  type: 'select',
  defaultValue: 'auto',
  values: [
    { label: 'Auto', value: 'auto' },
    { label: 'Fast', value: 'fast' },
    { label: 'OCR only', value: 'ocr_only' },
    { label: 'High resolution', value: 'hi_res' },
  ],
  description: "How the data-sync service parses documents; weft's own engine reads text with its in-process parsers whatever the choice.",
} as const satisfies InputField;

/** spec 001 §3: incremental_append (default, §9) or full_refresh_append */
export const fileSyncModeField = {
  name: 'syncMode',
  label: 'Sync mode',
  type: 'select',
  defaultValue: 'incremental_append',
  values: [
    { label: 'Incremental', value: 'incremental_append' },
    { label: 'Full Refresh', value: 'full_refresh_append' },
  ],
  description: 'Incremental reads the files changed since the last sync; Full Refresh reads every file at each sync.',
} as const satisfies InputField;

/** spec 001 §3 "Outputs: document_key, content" of the file sources */
export const documentOutputs = [
  { name: 'document_key', type: 'string', description: 'the file: its path in the folder or its key in the bucket' },
  { name: 'content', type: 'string', description: 'the text of the file' },
] as const satisfies readonly OutputField[];
