/** @module catalogue/app/notes-workspace-trigger-node/definition — the notes workspace's triggers (spec 002 §3, id 16). */
import type { NodeDefinition } from '../../types.ts';

export const NOTES_EVENTS = [
  { label: 'All page events', value: 'allPageEvents' },
  { label: 'New comment', value: 'newComment' },
  { label: 'New page in database', value: 'newPageInDatabase' },
  { label: 'Page added to page', value: 'pageAddedToPage' },
  { label: 'Page updated', value: 'pageUpdated' },
] as const;

export const definition = {
  name: 'notesWorkspaceTriggerNode',
  label: 'Notes workspace event',
  type: 'triggerNode',
  category: 'App',
  status: 'Enabled',
  icon: 'book',
  docs: '/docs/nodes/notesWorkspaceTriggerNode',
  description:
    'Starts the flow when a page, comment or database row changes in the notes workspace a "Notes workspace" credential ' +
    'connects. Deploying the flow subscribes to the tool-execution service\'s trigger; undeploying it ends the subscription.',
  isTrigger: true,
  isIntegration: true,
  integrationId: 16,
  authTypes: ['oauth'],
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Notes workspace event' },
    { name: 'credentials', label: 'Credential', type: 'credential', required: true, isCredential: true, description: 'The name of a "Notes workspace" credential of the project.' },
    { name: 'event', label: 'Event', type: 'select', required: true, defaultValue: 'pageUpdated', values: NOTES_EVENTS },
    {
      name: 'database_id',
      label: 'Database',
      type: 'template',
      required: true,
      loadOptionsMethod: 'notesWorkspaceDatabases',
      actionField: 'event',
      actionValue: ['allPageEvents', 'newPageInDatabase'],
    },
    {
      name: 'page_id',
      label: 'Page',
      type: 'template',
      required: true,
      loadOptionsMethod: 'notesWorkspacePages',
      description: 'The page watched (for a new comment: the page or block commented on; for a page added: its parent page).',
      actionField: 'event',
      actionValue: ['newComment', 'pageAddedToPage', 'pageUpdated'],
    },
  ],
  outputs: [
    { name: 'event_type', type: 'string' },
    { name: 'page', type: 'object' },
    { name: 'comment', type: 'object' },
    { name: 'block', type: 'object' },
  ],
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['notion', 'notes', 'page', 'comment', 'trigger', 'database'] },
} as const satisfies NodeDefinition;
