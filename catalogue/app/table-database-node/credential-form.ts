/**
 * @module catalogue/app/table-database-node/credential-form — the node's OAuth credential form, pure data;
 * credentials/oauth-forms.ts lists it with the others. The table database trigger uses it too. Browser-safe.
 */
import { connectedAccountField, oauth, oauthClientFields, providerToken } from '../../credentials/oauth-fields.ts';
import type { CredentialForm } from '../../credentials/types.ts';

export const tableDatabaseOauthCredentialForm: CredentialForm = oauth('tableDatabaseOauth', 'Table database (OAuth)', 14, 'Reads and writes bases, tables and records of the connected account.', [
  ...oauthClientFields,
  connectedAccountField,
  providerToken('Personal access token', 'Optional, instead of Connect: an Airtable personal access token; the node then calls the Airtable API itself.'),
]);
