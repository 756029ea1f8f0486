/**
 * @module catalogue/app/slack-node/credential-form — the node's OAuth credential form, pure data;
 * credentials/oauth-forms.ts lists it with the others. Browser-safe.
 */
import { oauth } from '../../credentials/oauth-fields.ts';
import type { CredentialForm } from '../../credentials/types.ts';

export const slackOauthCredentialForm: CredentialForm = oauth('slackOauth', 'Team chat (OAuth)', 1, 'Posts to the team chat service on behalf of the connected workspace.');
