/**
 * @module catalogue/data-source/postgres-node/credential-form — the Postgres credential's form
 * (spec 001 §3), pure data the editor renders; credentials/basic-forms.ts lists it with the
 * others. Its test is credential-test.ts beside it. Browser-safe.
 */
import type { CredentialForm } from '../../credentials/types.ts';
import { POSTGRES_SSL_MODES } from '../../services/postgres.ts';

/** the four certificate fields show only for verify-ca or verify-full (spec 001 §3) */
const withCertificates = { actionField: 'sslMode', actionValue: ['verify-ca', 'verify-full'] };

export const postgresCredentialForm: CredentialForm = {
  type: 'postgres',
  testable: true,
  label: 'Postgres',
  description: 'A relational database reached over the Postgres protocol.',
  authType: 'basic',
  fields: [
    { name: 'host', label: 'Host', type: 'text', required: true, placeholder: 'db.example.com', description: 'Without http:// or https:// and without a trailing slash.' },
    { name: 'port', label: 'Port', type: 'number', required: true, defaultValue: 5432, minValue: 1, maxValue: 65535, step: 1 },
    { name: 'dbName', label: 'Database', type: 'text', required: true },
    { name: 'username', label: 'Username', type: 'text', required: true },
    { name: 'password', label: 'Password', type: 'text', required: true, isPrivate: true },
    {
      name: 'sslMode',
      label: 'SSL mode',
      type: 'select',
      required: true,
      defaultValue: 'disable',
      values: POSTGRES_SSL_MODES.map((mode) => ({ label: mode, value: mode })),
    },
    { name: 'ca_certificate', label: 'CA certificate', type: 'textarea', ...withCertificates },
    { name: 'client_certificate', label: 'Client certificate', type: 'textarea', ...withCertificates },
    { name: 'client_key', label: 'Client key', type: 'textarea', isPrivate: true, ...withCertificates },
    { name: 'client_key_password', label: 'Client key password', type: 'text', isPrivate: true, ...withCertificates },
  ],
};
