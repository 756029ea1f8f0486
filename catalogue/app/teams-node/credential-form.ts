/**
 * @module catalogue/app/teams-node/credential-form — the node's OAuth credential form, pure data;
 * credentials/oauth-forms.ts lists it with the others. The trigger uses it too; its test (GET {graph}/me) is credential-test.ts beside it. Browser-safe.
 */
import { tenantOauth } from '../../credentials/oauth-fields.ts';
import type { CredentialForm } from '../../credentials/types.ts';

export const teamsOauthCredentialForm: CredentialForm = { ...tenantOauth('teamsOauth', 'Team messaging service (OAuth)', 11, 'Sends messages to chats and channels of the connected tenant.'), testable: true };
