/**
 * @module runtime/integrations/oauth/providers — the OAuth providers weft signs in with (Google, the
 * Microsoft identity platform with its tenant, Slack OAuth v2) and which credential type uses
 * which, with its marketplace id, scopes and landing path (spec 001 §2/§7, 002 §1/§7). Pure:
 * the authorisation URL and the token requests (code exchange, refresh) as data; the base URLs
 * come from catalogue/service-urls.ts (googleAuthorize, googleToken, msLogin, slackAuthorize,
 * slack), so tests point them at loopback. The data-source nodes use the same table.
 */
import type { ServiceUrls } from '../../../catalogue/service-urls.ts';
import type { OAuthClient } from '../../services/secrets/oauth-apps.ts';

export type OAuthProvider = 'google' | 'microsoft' | 'slack';

export interface OAuthType {
  credentialType: string;
  provider: OAuthProvider;
  /** the spec's marketplace (integration) id: the OAuth app registered for it signs in */
  marketplaceId: number;
  /** where the provider sends the browser back (spec 001 §2: /api/googleSheets, /api/onedrive, /api/sharepoint) */
  callbackPath: string;
  /** asked when the registered app names none */
  scopes: readonly string[];
  /** Microsoft: the tenant is required; Teams also refuses `common` (spec 001 §5, 002 §5) */
  tenant?: 'required' | 'required-not-common';
  /** the callback fails (status failed) when the token answer has no refresh token */
  needsRefreshToken: boolean;
}

const google = (credentialType: string, marketplaceId: number, callbackPath: string, scopes: string[]): OAuthType => ({
  credentialType,
  provider: 'google',
  marketplaceId,
  callbackPath,
  scopes,
  needsRefreshToken: true,
});

const microsoft = (credentialType: string, marketplaceId: number, callbackPath: string, scopes: string[], tenant: OAuthType['tenant'] = 'required'): OAuthType => ({
  credentialType,
  provider: 'microsoft',
  marketplaceId,
  callbackPath,
  scopes: ['offline_access', ...scopes],
  tenant,
  needsRefreshToken: true,
});

export const oauthTypes: readonly OAuthType[] = [
  // Slack bot tokens do not expire unless the app turned token rotation on (then a refresh token comes with them)
  { credentialType: 'slackOauth', provider: 'slack', marketplaceId: 1, callbackPath: '/api/slack', scopes: ['chat:write', 'chat:write.public', 'channels:read', 'groups:read', 'users:read'], needsRefreshToken: false },
  google('googleDriveOauth', 2, '/api/googleDrive', ['https://www.googleapis.com/auth/drive.readonly']),
  google('googleSheetsOauth', 3, '/api/googleSheets', ['https://www.googleapis.com/auth/spreadsheets.readonly', 'https://www.googleapis.com/auth/drive.readonly']),
  microsoft('onedriveOauth', 4, '/api/onedrive', ['User.Read', 'Files.Read.All']),
  microsoft('sharepointOauth', 10, '/api/sharepoint', ['User.Read', 'Sites.Read.All', 'Files.Read.All']),
  microsoft(
    'teamsOauth',
    11,
    '/api/teams',
    ['User.Read', 'Chat.ReadWrite', 'Team.ReadBasic.All', 'Channel.ReadBasic.All', 'ChannelMessage.Send', 'TeamsAppInstallation.ReadWriteForChat', 'TeamsAppInstallation.ReadWriteForTeam', 'TeamsActivity.Send'],
    'required-not-common',
  ),
];

export const oauthTypeOf = (credentialType: string): OAuthType | undefined => oauthTypes.find((t) => t.credentialType === credentialType);

/** One POST to a token endpoint: form-encoded body, client authentication included. */
export interface TokenRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const form = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined)).toString();

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
const basic = (client: Pick<OAuthClient, 'clientId' | 'clientSecret'>) => `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;
const tenantPath = (urls: ServiceUrls, tenant: string) => `${urls.msLogin}/${encodeURIComponent(tenant)}/oauth2/v2.0`;

export function scopesOf(type: OAuthType, client: Pick<OAuthClient, 'scopes'>): string[] {
  const scopes = client.scopes?.length ? [...client.scopes] : [...type.scopes];
  // offline access is what gives Microsoft's refresh token: never left out
  if (type.provider === 'microsoft' && !scopes.includes('offline_access')) scopes.unshift('offline_access');
  return scopes;
}

/** The provider's consent page: offline access with forced consent (spec 001 §4). */
export function authorizationUrl(type: OAuthType, client: OAuthClient, urls: ServiceUrls, at: { redirectUri: string; state: string; tenant?: string }): string {
  const scope = scopesOf(type, client);
  if (type.provider === 'google') {
    const query = form({ client_id: client.clientId, redirect_uri: at.redirectUri, response_type: 'code', scope: scope.join(' '), access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true', state: at.state });
    return `${urls.googleAuthorize}?${query}`;
  }
  if (type.provider === 'microsoft') {
    const query = form({ client_id: client.clientId, response_type: 'code', redirect_uri: at.redirectUri, response_mode: 'query', scope: scope.join(' '), prompt: 'consent', state: at.state });
    return `${tenantPath(urls, at.tenant!)}/authorize?${query}`;
  }
  // Slack OAuth v2: bot scopes, comma-separated; its tokens are offline by nature
  return `${urls.slackAuthorize}?${form({ client_id: client.clientId, scope: scope.join(','), redirect_uri: at.redirectUri, state: at.state })}`;
}

/** authorization_code grant: the code the callback received for tokens. */
export function codeExchange(type: OAuthType, client: OAuthClient, urls: ServiceUrls, at: { code: string; redirectUri: string; tenant?: string }): TokenRequest {
  if (type.provider === 'google') {
    return { url: urls.googleToken, headers: formHeaders, body: form({ grant_type: 'authorization_code', code: at.code, redirect_uri: at.redirectUri, client_id: client.clientId, client_secret: client.clientSecret }) };
  }
  if (type.provider === 'microsoft') {
    const body = form({ client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'authorization_code', code: at.code, redirect_uri: at.redirectUri, scope: scopesOf(type, client).join(' ') });
    return { url: `${tenantPath(urls, at.tenant!)}/token`, headers: formHeaders, body };
  }
  return { url: `${urls.slack}/oauth.v2.access`, headers: { ...formHeaders, authorization: basic(client) }, body: form({ grant_type: 'authorization_code', code: at.code, redirect_uri: at.redirectUri }) };
}

/** refresh_token grant, with what the credential holds (client id and secret, tenant, scope). */
export function refreshRequest(type: OAuthType, urls: ServiceUrls, held: { clientId: string; clientSecret: string; refreshToken: string; tenant?: string; scope?: string }): TokenRequest {
  if (type.provider === 'google') {
    return { url: urls.googleToken, headers: formHeaders, body: form({ grant_type: 'refresh_token', refresh_token: held.refreshToken, client_id: held.clientId, client_secret: held.clientSecret }) };
  }
  if (type.provider === 'microsoft') {
    const body = form({ client_id: held.clientId, client_secret: held.clientSecret, grant_type: 'refresh_token', refresh_token: held.refreshToken, scope: held.scope });
    return { url: `${tenantPath(urls, held.tenant!)}/token`, headers: formHeaders, body };
  }
  return { url: `${urls.slack}/oauth.v2.access`, headers: { ...formHeaders, authorization: basic({ clientId: held.clientId, clientSecret: held.clientSecret }) }, body: form({ grant_type: 'refresh_token', refresh_token: held.refreshToken }) };
}

/**
 * A token endpoint's answer as tokens, or null when it is a refusal: Google and Microsoft answer
 * 4xx with `error`; Slack answers 200 with `ok: false`.
 */
export function tokensOf(status: number, text: string): Record<string, unknown> | null {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return null;
  }
  if (status < 200 || status >= 300 || typeof answer !== 'object' || answer === null || Array.isArray(answer)) return null;
  const tokens = answer as Record<string, unknown>;
  if (tokens.ok === false || typeof tokens.access_token !== 'string' || tokens.access_token === '') return null;
  const { ok: _ok, ...rest } = tokens;
  return rest;
}

/** weft's `expires_at` (ms since the epoch) from `expires_in` (seconds), when the answer gives one. */
export function withExpiry(tokens: Record<string, unknown>, now = Date.now()): Record<string, unknown> {
  const seconds = Number(tokens.expires_in);
  return Number.isFinite(seconds) && seconds > 0 ? { ...tokens, expires_at: now + seconds * 1000 } : tokens;
}
