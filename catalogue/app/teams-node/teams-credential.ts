/**
 * @module catalogue/app/teams-node/teams-credential — what a `teamsOauth` credential holds (spec
 * 002 §3: the token response plus client_id, client_secret, redirect_uri, tenant_id) as the Teams
 * node, its loaders and its trigger read it. A tenant of `common` is refused: Teams needs the
 * organisation's own directory.
 */
import { userError } from '../../errors.ts';

export interface TeamsCredential {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  accessToken?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** 'Invalid or Missing teams credentials' without a tenant; 'Tenant ID is not supported' for `common`. */
export function teamsCredentialOf(fields: Record<string, unknown> | null | undefined): TeamsCredential {
  if (!fields || typeof fields !== 'object') throw userError('Invalid or Missing teams credentials');
  // the OAuth record's snake_case names; the form's camelCase ones when typed in by hand
  const tenantId = text(fields.tenant_id) || text(fields.tenantId);
  if (!tenantId) throw userError('Invalid or Missing teams credentials');
  if (tenantId.toLowerCase() === 'common') throw userError('Tenant ID is not supported');
  const accessToken = text(fields.access_token);
  return {
    tenantId,
    clientId: text(fields.client_id) || text(fields.clientId),
    clientSecret: text(fields.client_secret) || text(fields.clientSecret),
    ...(accessToken ? { accessToken } : {}),
  };
}

/** The delegated Graph token; 'No access token available' when the credential holds none. */
export function graphTokenOf(credential: TeamsCredential): string {
  if (!credential.accessToken) throw userError('No access token available');
  return credential.accessToken;
}
