/**
 * @module catalogue/data-source/google-drive-trigger-node/definition — the Google Drive source
 * (spec 001 §3, integration 2, OAuth `googleDriveOauth`, marketplace 2): a data-source trigger
 * whose flow runs once for each document a scheduled sync reads from a Drive folder (reader:
 * runtime/services/sync-sources/google-drive.ts).
 */
import type { NodeDefinition } from '../../types.ts';
import { credentialsField, cronExpressionField, documentOutputs, fileSyncModeField } from '../sync-fields.ts';

export const definition = {
  name: 'googleDriveTriggerNode',
  label: 'Google Drive',
  type: 'triggerNode',
  category: 'App',
  status: 'Enabled',
  icon: 'book',
  docs: '/docs/nodes/googleDriveTriggerNode',
  isIntegration: true,
  isTrigger: true,
  isDataSource: true,
  integrationId: 2,
  authTypes: ['oauth'],
  description:
    'Syncs documents from a Google Drive folder on a schedule: each file matching the patterns in the folder (and the ' +
    'folders below it) starts one run of the flow with its text as {{trigger.output.content}} (Google Docs, Sheets and ' +
    'Slides are exported as text). Incremental syncs read only the files changed since the last one. Deploy the flow to ' +
    'start the sync job; stopping the flow deletes it (Pause in the Deploy tab only pauses it).',
  inputs: [
    credentialsField('"Cloud drive (Google Drive OAuth)" (googleDriveOauth)'),
    {
      name: 'globs',
      label: 'Files',
      type: 'list',
      defaultValue: ['**'],
      description: 'Which files are read, by path pattern below the folder (** any folders, * any name; ** every file).',
    },
    fileSyncModeField,
    cronExpressionField,
    {
      name: 'folderUrl',
      label: 'Folder',
      type: 'text',
      required: true,
      loadOptionsMethod: 'googleDriveListFolders',
      placeholder: 'https://drive.google.com/drive/folders/…',
      description: 'Pick one of the drive’s folders, or give its URL.',
    },
  ],
  outputs: documentOutputs,
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['google drive', 'drive', 'folder', 'documents', 'sync', 'data source', 'trigger'] },
} as const satisfies NodeDefinition;
