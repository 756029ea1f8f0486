/**
 * @module catalogue/app/cloud-drive-read-node/definition — Cloud Drive Read (spec 000 §3, §4):
 * the flow reaches a cloud drive's folder, whose content the scheduled data sync brings in
 * (the Google Drive data source, spec 001), so the run stops here and is reported as not
 * complete. It answers what the folder holds, so the run shows what the sync will read.
 */
import type { NodeDefinition } from '../../types.ts';

export const definition = {
  name: 'cloudDriveReadNode',
  label: 'Cloud Drive Read',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'list',
  docs: '/docs/nodes/cloudDriveReadNode',
  description:
    'Lists the files of a Google Drive folder, then stops the run: the folder’s content reaches flows through the ' +
    'scheduled data sync (the Google Drive data source), not inline, so the run ends here reported as not complete ' +
    '(status incomplete in the studio and to callers). Nodes after it do not run.',
  isIntegration: true,
  integrationId: 2,
  authTypes: ['oauth'],
  inputs: [
    {
      name: 'credentials',
      label: 'Credential',
      type: 'credential',
      isCredential: true,
      required: true,
      description: 'A "Cloud drive (Google Drive OAuth)" credential of the project.',
    },
    {
      name: 'folderUrl',
      label: 'Folder URL',
      type: 'template',
      required: true,
      placeholder: 'https://drive.google.com/drive/folders/…',
      description: 'The folder’s link, or its id.',
    },
  ],
  outputs: [
    { name: 'folderId', type: 'string' },
    { name: 'files', type: 'array', description: 'the folder’s files: id, name, mimeType, modifiedTime, size, webViewLink' },
    { name: 'message', type: 'string', description: 'why the run stopped here' },
  ],
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['google drive', 'drive', 'cloud', 'folder', 'files', 'data source'] },
} as const satisfies NodeDefinition;
