/** @module catalogue/app/mail-node/definition — the mail service node (spec 002 §3 "Mail service node", id 13). */
import type { NodeDefinition } from '../../types.ts';

export const MAIL_ACTIONS = [
  { label: 'Send Email', value: 'sendEmail' },
  { label: 'Create Email Draft', value: 'createEmailDraft' },
  { label: 'Fetch Emails', value: 'fetchEmails' },
] as const;

const composing = ['sendEmail', 'createEmailDraft'];

export const definition = {
  name: 'mailNode',
  label: 'Mail',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'mail',
  docs: '/docs/nodes/mailNode',
  sideEffects: 'mail',
  description:
    'Sends an email, creates a draft or fetches emails of the mailbox a "Mail service (OAuth)" credential connected, ' +
    'through the tool-execution service. Outputs the service\'s data and successful.',
  isIntegration: true,
  integrationId: 13,
  authTypes: ['oauth'],
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Mail' },
    {
      name: 'credentials',
      label: 'Credential',
      type: 'credential',
      required: true,
      isCredential: true,
      description: 'The name of a "Mail service (OAuth)" credential of the project (Connect it on the credentials page).',
    },
    { name: 'action', label: 'Action', type: 'select', required: true, defaultValue: 'sendEmail', values: MAIL_ACTIONS },
    { name: 'recipient_email', label: 'To', type: 'template', required: true, actionField: 'action', actionValue: composing, placeholder: 'ada@example.com' },
    { name: 'cc', label: 'Cc', type: 'template', actionField: 'action', actionValue: composing, description: 'Addresses separated by commas.' },
    { name: 'bcc', label: 'Bcc', type: 'template', actionField: 'action', actionValue: composing, description: 'Addresses separated by commas.' },
    { name: 'subject', label: 'Subject', type: 'template', actionField: 'action', actionValue: composing },
    { name: 'body', label: 'Body', type: 'textarea', actionField: 'action', actionValue: composing },
    { name: 'is_html', label: 'Body is HTML', type: 'boolean', defaultValue: false, actionField: 'action', actionValue: composing },
    { name: 'max_results', label: 'Maximum results', type: 'number', defaultValue: 10, minValue: 1, maxValue: 500, step: 1, actionField: 'action', actionValue: 'fetchEmails' },
    { name: 'from_user', label: 'From', type: 'template', actionField: 'action', actionValue: 'fetchEmails', description: 'Only emails from this address.' },
    { name: 'to_user', label: 'To', type: 'template', actionField: 'action', actionValue: 'fetchEmails', description: 'Only emails to this address.' },
  ],
  outputs: [
    { name: 'data', type: 'any', description: "the service's answer (the sent message, the draft, or the emails)" },
    { name: 'successful', type: 'boolean' },
  ],
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['email', 'mail', 'gmail', 'send', 'draft', 'inbox'] },
} as const satisfies NodeDefinition;
