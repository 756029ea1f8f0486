/**
 * @module catalogue/app/mail-node/credential-form — the node's OAuth credential form, pure data;
 * credentials/oauth-forms.ts lists it with the others. The mail trigger uses it too. Browser-safe.
 */
import { connectedAccountField, oauth, oauthClientFields } from '../../credentials/oauth-fields.ts';
import type { CredentialForm } from '../../credentials/types.ts';

export const mailOauthCredentialForm: CredentialForm = oauth('mailOauth', 'Mail service (OAuth)', 13, 'Sends, drafts and fetches mail of the connected mailbox.', [...oauthClientFields, connectedAccountField]);
