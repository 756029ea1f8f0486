/**
 * @module catalogue/app/notes-workspace-node/credential-form — the node's OAuth credential form, pure data;
 * credentials/oauth-forms.ts lists it with the others. The notes workspace trigger uses it too. Browser-safe.
 */
import { connectedAccountField, oauth, oauthClientFields, providerToken } from '../../credentials/oauth-fields.ts';
import type { CredentialForm } from '../../credentials/types.ts';

export const notesWorkspaceOauthCredentialForm: CredentialForm = oauth('notesWorkspaceOauth', 'Notes workspace (OAuth)', 16, 'Reads and writes pages and databases of the connected workspace.', [
  ...oauthClientFields,
  connectedAccountField,
  providerToken('Integration token', 'Optional, instead of Connect: a Notion internal integration token; the node then calls the Notion API itself.'),
]);
