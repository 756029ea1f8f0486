/**
 * @module catalogue/credentials/oauth-forms — OAuth credential types (spec 002 §1: "OAuth
 * (pro): team chat, cloud drive, mail, table database, spreadsheet, notes workspace"; "Pro:
 * OneDrive, SharePoint, team messaging service"). Their client settings are hidden: the OAuth
 * flow fills them from the integration's secrets with the token response.
 */
import type { CredentialField, CredentialForm } from './types.ts';

/** spec 001 §3: "Google OAuth and OAuth-type forms: name, plus hidden clientId, clientSecret, redirectUrl, scopes" */
const oauthClientFields: CredentialField[] = [
  { name: 'clientId', label: 'Client ID', type: 'text', hidden: true },
  { name: 'clientSecret', label: 'Client Secret', type: 'text', hidden: true, isPrivate: true },
  { name: 'redirectUrl', label: 'Redirect URL', type: 'text', hidden: true },
  { name: 'scopes', label: 'Scopes', type: 'text', hidden: true },
];

/** spec 001 §3 / 002 §3: "Credential Name (required), Tenant ID (required), hidden Client ID, Client Secret, Redirect URL, Scopes" */
const tenantOauthFields: CredentialField[] = [
  { name: 'tenant_id', label: 'Tenant ID', type: 'text', required: true, description: 'The directory (tenant) id of your organisation.' },
  ...oauthClientFields,
];

const oauth = (type: string, label: string, marketplaceId: number, description: string, fields = oauthClientFields): CredentialForm => ({
  type,
  label,
  description,
  authType: 'oauth',
  marketplaceId,
  isPro: true,
  fields,
});

/**
 * Types connected through the tool-execution service (spec 002 §7 "Connection create"): the
 * stored account data carries its `composioId` (the service's connected account id, not a secret).
 */
const connectedAccountField: CredentialField = { name: 'composioId', label: 'Connected account', type: 'text', hidden: true };

/** beyond the spec: a token for the provider's own API, used instead of the service (catalogue/app/tool-service/connection.ts) */
const providerToken = (label: string, description: string): CredentialField => ({ name: 'apiToken', label, type: 'text', isPrivate: true, description });

const tenantOauth = (type: string, label: string, marketplaceId: number, description: string): CredentialForm => ({
  type,
  label,
  description,
  authType: 'oauth',
  marketplaceId,
  isPro: true,
  fields: tenantOauthFields,
});

export const oauthForms: CredentialForm[] = [
  oauth('slackOauth', 'Team chat (OAuth)', 1, 'Posts to the team chat service on behalf of the connected workspace.'),
  oauth('googleDriveOauth', 'Cloud drive (Google Drive OAuth)', 2, 'Reads folders and files of the connected drive.'),
  oauth('googleSheetsOauth', 'Spreadsheet (Google Sheets OAuth)', 3, 'Reads the sheets of the connected account.'),
  oauth('mailOauth', 'Mail service (OAuth)', 13, 'Sends, drafts and fetches mail of the connected mailbox.', [...oauthClientFields, connectedAccountField]),
  oauth('tableDatabaseOauth', 'Table database (OAuth)', 14, 'Reads and writes bases, tables and records of the connected account.', [
    ...oauthClientFields,
    connectedAccountField,
    providerToken('Personal access token', 'Optional, instead of Connect: an Airtable personal access token; the node then calls the Airtable API itself.'),
  ]),
  oauth('notesWorkspaceOauth', 'Notes workspace (OAuth)', 16, 'Reads and writes pages and databases of the connected workspace.', [
    ...oauthClientFields,
    connectedAccountField,
    providerToken('Integration token', 'Optional, instead of Connect: a Notion internal integration token; the node then calls the Notion API itself.'),
  ]),
  tenantOauth('onedriveOauth', 'OneDrive Business (OAuth)', 4, 'Reads the drives of the connected tenant.'),
  tenantOauth('sharepointOauth', 'SharePoint Business (OAuth)', 10, 'Reads the sites and document libraries of the connected tenant.'),
  // Test: GET {graph}/me with the connected user's token (runtime/services/credential-tests/teams-oauth.ts)
  { ...tenantOauth('teamsOauth', 'Team messaging service (OAuth)', 11, 'Sends messages to chats and channels of the connected tenant.'), testable: true },
];
