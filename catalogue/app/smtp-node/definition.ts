/** @module catalogue/app/smtp-node/definition — send one mail through an SMTP server (spec 002 §3, integration 18). */
import type { NodeDefinition } from '../../types.ts';

export const definition = {
  name: 'smtpNode',
  label: 'SMTP',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'mail',
  docs: '/docs/nodes/smtpNode',
  sideEffects: 'mail',
  services: ['smtp'],
  integrationId: 18,
  isIntegration: true,
  authTypes: ['basic'],
  closedOutputs: true,
  description:
    'Sends one mail through the SMTP server of an "SMTP" credential, from its sender name and address, secured as ' +
    'the credential’s Security says (implicit TLS, STARTTLS required, STARTTLS when offered, or none); the password ' +
    'never crosses unencrypted unless the operator allows that host. The output says whether the connection was ' +
    'encrypted. Addresses are separated by commas. Private and loopback servers are refused unless the operator allows them.',
  inputs: [
    {
      name: 'credentials',
      label: 'SMTP account',
      type: 'credential',
      required: true,
      isCredential: true,
      description: 'The name of an "SMTP" credential of the project: server, port, login and sender.',
    },
    { name: 'recipient_email', label: 'To', type: 'template', required: true, placeholder: 'ada@example.com, bob@example.com', description: 'One address or several, separated by commas.' },
    { name: 'cc', label: 'Cc', type: 'template', description: 'Optional: addresses separated by commas.' },
    { name: 'bcc', label: 'Bcc', type: 'template', description: 'Optional: addresses separated by commas; they are not shown to the other recipients.' },
    { name: 'subject', label: 'Subject', type: 'template', required: true },
    { name: 'body', label: 'Body', type: 'template', description: 'The text of the mail (HTML when "Body is HTML" is on).' },
    { name: 'is_html', label: 'Body is HTML', type: 'boolean', defaultValue: false, description: 'Send the body as HTML (a plain-text copy is added for mail readers without HTML).' },
  ],
  outputs: [
    { name: 'successful', type: 'boolean', description: 'true once the server accepted the mail' },
    {
      name: 'data',
      type: 'object',
      description:
        'messageId, accepted and rejected recipients, the server’s reply, encrypted (false when the mail crossed in ' +
        'clear text, with a warning) and encryption (implicit TLS, STARTTLS or none)',
    },
  ],
  metadata: { author: 'weft', tags: ['email', 'mail', 'smtp', 'send', 'notification'] },
} as const satisfies NodeDefinition;
