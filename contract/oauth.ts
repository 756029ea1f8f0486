/**
 * @module contract/oauth — the OAuth consent routes the studio calls (runtime/http/routes/oauth.ts).
 * Browser-safe: types only.
 */

/** `POST /api/projects/:projectId/oauth/start`: begin the consent for a new credential, or reconnect one. */
export interface OAuthStartRequest {
  credential_type: string;
  /** the credential's name (found by it in the project) */
  name: string;
  /** Microsoft (OneDrive, SharePoint, Teams): the directory (tenant) id; required */
  tenant_id?: string;
  /** reconnect this credential (its tokens are replaced) instead of making a new one */
  credentialId?: string;
}

export interface OAuthStartAnswer {
  /** the provider's consent page: the studio sends the browser there */
  authorizationUrl: string;
  /** where the provider sends it back (registered with the provider's app) */
  redirectUri: string;
}

/** `GET /api/oauth/apps` (operators only): one row per marketplace id that signs in with OAuth. */
export interface OAuthAppView {
  marketplaceId: number;
  provider: 'google' | 'microsoft' | 'slack';
  /** the credential types this app connects */
  credentialTypes: string[];
  /** the redirect URIs to register with the provider's app */
  redirectUris: string[];
  /** the scopes the registered app asks; empty when it asks the defaults */
  scopes: string[];
  /** what is asked when the app names no scopes */
  defaultScopes: string[];
  /** where the app comes from: null when none is registered */
  source: 'studio' | 'environment' | null;
  /** the client id (not a secret: it is in every consent URL); the secret is never answered */
  clientId: string | null;
  /** environment variables that register it without the studio */
  env: { clientId: string; clientSecret: string; scopes: string };
}

/** `PUT /api/oauth/apps/:marketplaceId` (operators only) */
export interface OAuthAppInput {
  clientId: string;
  clientSecret: string;
  /** space- or comma-separated; empty for the defaults */
  scopes?: string;
}

/** `GET /api/oauth/types` (any signed-in person): the credential types a Connect button makes. */
export interface OAuthTypeView {
  credential_type: string;
  marketplaceId: number;
  provider: 'google' | 'microsoft' | 'slack';
  /** whether an operator registered the integration's OAuth app (else Connect cannot start) */
  registered: boolean;
  /** Microsoft: the consent needs the tenant id */
  needsTenant: boolean;
}
