/**
 * @module catalogue/interface/automation-trigger-node/credential-form — the automation service
 * credential's form, pure data the editor renders; credentials/basic-forms.ts lists it with the
 * others. Browser-safe.
 */
import type { CredentialForm } from '../../credentials/types.ts';

export const automationServiceCredentialForm: CredentialForm = {
  type: 'automationService',
  label: 'Automation service',
  description: 'The automation service whose workflows the automation-service trigger lists (integration 6).',
  authType: 'basic',
  fields: [
    { name: 'hostUrl', label: 'Host URL', type: 'text', required: true, placeholder: 'https://automation.example.com' },
    { name: 'apiKey', label: 'API key', type: 'text', required: true, isPrivate: true },
  ],
};
