/**
 * @module catalogue/data-source/s3-trigger-node/credential-form — the S3 credential's form (spec
 * 001 §3), pure data the editor renders; credentials/basic-forms.ts lists it with the others. Its
 * test is credential-test.ts beside it. Browser-safe.
 */
import type { CredentialForm } from '../../credentials/types.ts';

export const s3CredentialForm: CredentialForm = {
  type: 's3',
  label: 'S3 (object storage)',
  description: 'An access key pair of an S3-compatible object store.',
  authType: 'basic',
  isPro: true,
  testable: true,
  fields: [
    { name: 'awsAccessKeyId', label: 'Access key id', type: 'text', required: true },
    { name: 'awsSecretAccessKey', label: 'Secret access key', type: 'text', required: true, isPrivate: true },
    { name: 'awsRegion', label: 'Region', type: 'text', required: true, defaultValue: 'us-east-1' },
  ],
};
