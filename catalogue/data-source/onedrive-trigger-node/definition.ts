/**
 * @module catalogue/data-source/onedrive-trigger-node/definition — the OneDrive Business source
 * (spec 001 §3, marketplace 4, OAuth `onedriveOauth`): a data-source trigger whose flow runs once
 * for each document a scheduled sync reads from a OneDrive drive (and the items shared with the
 * connected user). The sync job is kept by runtime/integrations/sync/ (reader: runtime/services/sync-sources/onedrive.ts).
 */
import type { NodeDefinition } from '../../types.ts';
import { documentOutputs, driveSyncFields } from '../microsoft-drive-fields.ts';
import { credentialsField } from '../sync-fields.ts';

export const definition = {
  name: 'onedriveTriggerNode',
  label: 'OneDrive Business',
  type: 'triggerNode',
  category: 'App',
  status: 'Enabled',
  icon: 'book',
  docs: '/docs/nodes/onedriveTriggerNode',
  isIntegration: true,
  isTrigger: true,
  isDataSource: true,
  authTypes: ['oauth'],
  description:
    'Syncs documents from OneDrive for Business on a schedule: each file matching the patterns under the folder (and, ' +
    'by the search scope, the files shared with you) starts one run of the flow with its text as ' +
    '{{trigger.output.content}}. Incremental syncs read only the files changed since the last one. Deploy the flow to ' +
    'start the sync job; stopping the flow deletes it (Pause in the Deploy tab only pauses it).',
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'OneDrive Business' },
    credentialsField('"OneDrive Business (OAuth)" (onedriveOauth)'),
    {
      name: 'drive_name',
      label: 'Drive name',
      type: 'text',
      defaultValue: 'OneDrive',
      loadOptionsMethod: 'onedriveDriveNames',
      description: "The name of the drive to read among the drives you reach ('OneDrive': your own).",
    },
    ...driveSyncFields,
  ],
  outputs: documentOutputs,
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['onedrive', 'microsoft', 'drive', 'documents', 'sync', 'data source', 'trigger'] },
} as const satisfies NodeDefinition;
