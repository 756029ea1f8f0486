/**
 * @module catalogue/data-source/sharepoint-trigger-node/definition — the SharePoint Business
 * source (spec 001 §3, integration and marketplace 10, OAuth `sharepointOauth`): a data-source
 * trigger whose flow runs once for each document a scheduled sync reads from a site's document
 * libraries. The sync job is kept by runtime/integrations/sync/ (reader: runtime/services/sync-sources/sharepoint.ts).
 */
import type { NodeDefinition } from '../../types.ts';
import { documentOutputs, driveSyncFields } from '../microsoft-drive-fields.ts';
import { credentialsField } from '../sync-fields.ts';

export const definition = {
  name: 'sharepointTriggerNode',
  label: 'SharePoint Business',
  type: 'triggerNode',
  category: 'App',
  status: 'Enabled',
  icon: 'book',
  docs: '/docs/nodes/sharepointTriggerNode',
  integrationId: 10,
  isIntegration: true,
  isTrigger: true,
  isDataSource: true,
  authTypes: ['oauth'],
  description:
    "Syncs documents from a SharePoint site on a schedule: each file matching the patterns under the folder of the site's " +
    'document libraries (and, by the search scope, the files shared with you) starts one run of the flow with its text ' +
    'as {{trigger.output.content}}. Incremental syncs read only the files changed since the last one. Deploy the flow ' +
    'to start the sync job; stopping the flow deletes it (Pause in the Deploy tab only pauses it).',
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Sharepoint Business' },
    credentialsField('"SharePoint Business (OAuth)" (sharepointOauth)'),
    {
      name: 'site_url',
      label: 'Site',
      type: 'text',
      required: true,
      loadOptionsMethod: 'sharepointSiteUrls',
      placeholder: 'https://contoso.sharepoint.com/sites/marketing',
      description: 'Pick one of the sites the credential reaches, or give its URL.',
    },
    ...driveSyncFields,
  ],
  outputs: documentOutputs,
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['sharepoint', 'microsoft', 'site', 'documents', 'sync', 'data source', 'trigger'] },
} as const satisfies NodeDefinition;
