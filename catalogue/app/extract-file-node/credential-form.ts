/**
 * @module catalogue/app/extract-file-node/credential-form — the remote file-parsing service
 * credential's form, pure data the editor renders; credentials/basic-forms.ts lists it with the
 * others. Browser-safe.
 */
import type { CredentialForm } from '../../credentials/types.ts';

export const fileParsingServiceCredentialForm: CredentialForm = {
  type: 'fileParsingService',
  label: 'File parsing service',
  description: 'The remote file-parsing service of Extract from File (spec 002 §7: {hostUrl}/tools/{pdf|doc}/parse, pdf/to-images).',
  authType: 'basic',
  fields: [
    { name: 'hostUrl', label: 'Host URL', type: 'text', required: true, placeholder: 'https://utils.example.com', description: 'A trailing slash is removed.' },
    { name: 'apiKey', label: 'API key', type: 'text', required: true, isPrivate: true },
  ],
};
