/**
 * @module catalogue/app/smtp-node/credential-form — the SMTP credential's form, pure data the
 * editor renders; credentials/basic-forms.ts lists it with the others. Its test is
 * credential-test.ts beside it. Browser-safe.
 */
import type { CredentialForm } from '../../credentials/types.ts';
import { SMTP_SECURITY_LABELS, SMTP_SECURITY_MODES, SMTP_TLS_MODES } from '../../services/smtp-security.ts';

export const smtpCredentialForm: CredentialForm = {
  type: 'smtp',
  testable: true,
  label: 'SMTP',
  description:
    'A mail server the SMTP node sends through (integration 18). Username and password may both be left empty for a ' +
    'relay that takes mail without a login; a password is only ever sent over TLS, unless Security is "None" and the ' +
    'operator allows the host (WEFT_OUTBOUND_ALLOW).',
  authType: 'basic',
  marketplaceId: 18,
  fields: [
    { name: 'senderEmail', label: 'Sender email', type: 'text', required: true },
    { name: 'senderName', label: 'Sender name', type: 'text', required: true },
    { name: 'host', label: 'Host', type: 'text', required: true },
    { name: 'port', label: 'Port', type: 'number', required: true, minValue: 1, maxValue: 65535, step: 1, description: 'Usually 587 (STARTTLS), 465 (implicit TLS) or 25 (a local relay).' },
    { name: 'username', label: 'Username', type: 'text', description: 'Empty, with an empty password, for a relay that takes mail without a login.' },
    { name: 'password', label: 'Password', type: 'text', isPrivate: true },
    {
      name: 'security',
      label: 'Security',
      type: 'select',
      required: true,
      defaultValue: 'starttls',
      values: SMTP_SECURITY_MODES.map((mode) => ({ label: SMTP_SECURITY_LABELS[mode], value: mode })),
      description:
        'Implicit TLS: TLS from the start (port 465). STARTTLS required: the server must offer STARTTLS (port 587). ' +
        'STARTTLS when offered: TLS if the server offers it, else unencrypted, and then without a login. None: never TLS; ' +
        'mail (and a login, only to a host the operator allows) crosses the network in clear text. A credential saved ' +
        'without this field uses Implicit TLS on port 465 and STARTTLS required elsewhere.',
    },
    {
      name: 'caCertificate',
      label: 'CA certificate',
      type: 'textarea',
      actionField: 'security',
      actionValue: SMTP_TLS_MODES,
      placeholder: '-----BEGIN CERTIFICATE-----',
      description:
        'Optional: the PEM certificate of the authority that signed a private relay’s certificate (several may be pasted), ' +
        'trusted besides the system’s. Certificates are always verified.',
    },
  ],
};
