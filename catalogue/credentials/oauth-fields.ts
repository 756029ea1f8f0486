/**
 * @module catalogue/credentials/oauth-fields — the parts OAuth credential forms share: their
 * hidden client settings (the OAuth flow fills them from the integration's secrets with the token
 * response), the tenant field of the Microsoft types, the tool-execution service's connected
 * account and a provider's own token. Browser-safe.
 */
import type { CredentialField, CredentialForm } from './types.ts';

/** spec 001 §3: "Google OAuth and OAuth-type forms: name, plus hidden clientId, clientSecret, redirectUrl, scopes" */
export const oauthClientFields: CredentialField[] = [
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

/** an OAuth type (pro); `fields` default to the hidden client settings */
export const oauth = (type: string, label: string, marketplaceId: number, description: string, fields = oauthClientFields): CredentialForm => ({
  type,
  label,
  description,
  authType: 'oauth',
  marketplaceId,
  isPro: true,
  fields,
});

/** a Microsoft type: the tenant, then the hidden client settings */
export const tenantOauth = (type: string, label: string, marketplaceId: number, description: string): CredentialForm =>
  oauth(type, label, marketplaceId, description, tenantOauthFields);

/**
 * Types connected through the tool-execution service (spec 002 §7 "Connection create"): the
 * stored account data carries its `composioId` (the service's connected account id, not a secret).
 */
export const connectedAccountField: CredentialField = { name: 'composioId', label: 'Connected account', type: 'text', hidden: true };

/** beyond the spec: a token for the provider's own API, used instead of the service (catalogue/app/tool-service/connection.ts) */
export const providerToken = (label: string, description: string): CredentialField => ({ name: 'apiToken', label, type: 'text', isPrivate: true, description });
