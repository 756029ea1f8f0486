/**
 * @module catalogue/app/messaging-node/credential-form — the messaging provider credential's form,
 * pure data the editor renders; credentials/basic-forms.ts lists it with the others. Its test is
 * credential-test.ts beside it. Browser-safe.
 */
import type { CredentialForm } from '../../credentials/types.ts';

export const messagingProviderCredentialForm: CredentialForm = {
  type: 'messagingProvider',
  testable: true,
  label: 'Messaging provider (SMS, voice, WhatsApp)',
  description: 'The messaging provider’s account (integration 17, basic auth).',
  authType: 'basic',
  marketplaceId: 17,
  fields: [
    { name: 'accountSid', label: 'Account SID', type: 'text', required: true },
    { name: 'authToken', label: 'Auth token', type: 'text', required: true, isPrivate: true },
  ],
};
