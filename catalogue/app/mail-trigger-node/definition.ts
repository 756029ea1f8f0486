/** @module catalogue/app/mail-trigger-node/definition — the mail service's trigger On New Email (spec 002 §3, id 13). */
import type { NodeDefinition } from '../../types.ts';

export const definition = {
  name: 'mailTriggerNode',
  label: 'On New Email',
  type: 'triggerNode',
  category: 'App',
  status: 'Enabled',
  icon: 'mail',
  docs: '/docs/nodes/mailTriggerNode',
  description:
    'Starts the flow for every new email in the INBOX of the mailbox a "Mail service (OAuth)" credential connected. ' +
    'Deploying the flow subscribes to the tool-execution service\'s new-mail trigger (checked every minute); ' +
    'undeploying it ends the subscription.',
  isTrigger: true,
  isIntegration: true,
  integrationId: 13,
  authTypes: ['oauth'],
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'On New Email' },
    { name: 'credentials', label: 'Credential', type: 'credential', required: true, isCredential: true, description: 'The name of a "Mail service (OAuth)" credential of the project.' },
  ],
  outputs: [
    { name: 'message_text', type: 'string' },
    { name: 'message_timestamp', type: 'string' },
    { name: 'message_id', type: 'string' },
    { name: 'sender', type: 'string' },
    { name: 'subject', type: 'string' },
    { name: 'thread_id', type: 'string' },
    { name: 'to', type: 'string' },
  ],
  // the service's whole payload is passed on (also attachment_list, payload…): the outputs are the documented part
  metadata: { author: 'weft', tags: ['email', 'mail', 'gmail', 'inbox', 'trigger', 'new email'] },
} as const satisfies NodeDefinition;
