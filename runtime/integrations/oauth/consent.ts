/**
 * @module runtime/integrations/oauth/consent — the consent flow (spec 001 §4/§5, 002 §4/§8): `start` checks
 * the request (tenant rules), keeps a single-use `state` and answers the provider's consent
 * URL; `finish` takes the provider's callback: the state must be one this session issued for
 * this landing path, an `error` parameter is raised as is, then 'No code received', the code
 * exchange ('Failed to exchange code for tokens'), a refresh token where the provider must
 * give one (else status failed), and the credential saved active with the token response,
 * `expires_at` (ms), client_id, client_secret, redirect_uri and tenant_id.
 */
import type { ServiceUrls } from '../../../catalogue/service-urls.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../services/domain-errors.ts';
import type { CredentialStore } from '../../services/stores/credentials.ts';
import type { OAuthAppStore } from '../../services/secrets/oauth-apps.ts';
import { envNames } from '../../services/secrets/oauth-apps.ts';
import type { ConsentState, ConsentStates } from './oauth-state.ts';
import { authorizationUrl, codeExchange, oauthTypeOf, scopesOf, withExpiry, type OAuthType } from './providers.ts';
import type { TokenCall } from './token-call.ts';

export const TENANT_REQUIRED = 'Tenant ID is required';
export const TENANT_NOT_SUPPORTED = 'Tenant ID is not supported';
export const NO_CODE = 'No code received';
export const EXCHANGE_FAILED = 'Failed to exchange code for tokens';
export const NO_REFRESH_TOKEN = 'No refresh token available';
export const INVALID_STATE = 'This sign-in is not valid: it expired, was used already, or was started in another session. Start the connection again.';

export interface ConsentDeps {
  apps: OAuthAppStore;
  states: ConsentStates;
  credentials: CredentialStore;
  tokens: TokenCall;
  serviceUrls: ServiceUrls;
}

/** What a consent starts from: the state it keeps, but the redirect URI, which it makes from `baseUrl`. */
export interface StartRequest extends Omit<ConsentState, 'redirectUri'> {
  /** the server's public base URL (no trailing slash): the landing path is appended */
  baseUrl: string;
}

/** spec 001 §5: 'Tenant ID is required'; Teams refuses `common` ('Tenant ID is not supported') */
export function checkTenant(type: OAuthType, tenantId: string | undefined): string | undefined {
  if (!type.tenant) return undefined;
  const tenant = tenantId?.trim();
  if (!tenant) throw new ValidationError(TENANT_REQUIRED);
  if (type.tenant === 'required-not-common' && tenant.toLowerCase() === 'common') throw new ValidationError(TENANT_NOT_SUPPORTED);
  return tenant;
}

export function connectableType(credentialType: string): OAuthType {
  const type = oauthTypeOf(credentialType);
  if (!type) throw new ValidationError(`${credentialType} credentials are not made by an OAuth sign-in on this server`);
  return type;
}

/** spec 000 §8: the marketplace integration (its OAuth app) a lookup needs is not there */
export const INTEGRATION_NOT_FOUND = 'Integration not found';

async function registeredApp(deps: ConsentDeps, type: OAuthType) {
  const app = await deps.apps.get(type.marketplaceId);
  if (app) return app.client;
  const names = envNames(type.marketplaceId);
  throw new ValidationError(
    `${INTEGRATION_NOT_FOUND}: no OAuth app is registered for marketplace id ${type.marketplaceId} (${type.credentialType}); an operator registers its client id and secret in the studio (Account → OAuth apps) or sets ${names.clientId} and ${names.clientSecret}`,
    'oauth_app_missing',
  );
}

export async function startConsent(deps: ConsentDeps, request: StartRequest): Promise<{ authorizationUrl: string; redirectUri: string }> {
  const type = connectableType(request.credentialType);
  const tenantId = checkTenant(type, request.tenantId);
  const name = request.name.trim();
  if (request.credentialId) {
    const existing = await deps.credentials.get(request.projectId, request.credentialId);
    if (!existing) throw new NotFoundError('Credential not found');
    if (existing.credential_type !== type.credentialType) throw new ValidationError(`Credential ${existing.name} is a ${existing.credential_type} credential, not ${type.credentialType}`);
  } else if (await deps.credentials.getByName(request.projectId, name).then(() => true, () => false)) {
    throw new ConflictError(`A credential named ${name} already exists in this project`);
  }
  const client = await registeredApp(deps, type);
  const redirectUri = `${request.baseUrl}${type.callbackPath}`;
  const state = await deps.states.issue({
    sessionId: request.sessionId,
    userId: request.userId,
    projectId: request.projectId,
    credentialType: type.credentialType,
    name,
    tenantId,
    redirectUri,
    credentialId: request.credentialId,
  });
  return { authorizationUrl: authorizationUrl(type, client, deps.serviceUrls, { redirectUri, state, tenant: tenantId }), redirectUri };
}

export type ConsentOutcome =
  | { status: 'success'; projectId: string; credentialId: string; name: string }
  | { status: 'failed'; projectId: string; message: string };

/**
 * The callback at `callbackPath` with its query. Throws ForbiddenError when the state is not one
 * this session issued for this path (nothing is known then, not even the project); answers
 * the outcome otherwise.
 */
export async function finishConsent(deps: ConsentDeps, callbackPath: string, sessionId: string, query: Record<string, unknown>): Promise<ConsentOutcome> {
  const consent = await deps.states.take(query.state);
  const type = consent && oauthTypeOf(consent.credentialType);
  if (!consent || !type || consent.sessionId !== sessionId || type.callbackPath !== callbackPath) throw new ForbiddenError(INVALID_STATE, 'invalid_oauth_state');
  const failed = (message: string): ConsentOutcome => ({ status: 'failed', projectId: consent.projectId, message });
  // spec 001 §5: "an error parameter is raised as is"
  if (typeof query.error === 'string' && query.error !== '') return failed(query.error);
  if (typeof query.code !== 'string' || query.code === '') return failed(NO_CODE);
  const client = await registeredApp(deps, type).catch(() => null);
  if (!client) return failed(EXCHANGE_FAILED);
  const tokens = await deps.tokens(codeExchange(type, client, deps.serviceUrls, { code: query.code, redirectUri: consent.redirectUri, tenant: consent.tenantId }));
  if (!tokens) return failed(EXCHANGE_FAILED);
  if (type.needsRefreshToken && (typeof tokens.refresh_token !== 'string' || tokens.refresh_token === '')) return failed(NO_REFRESH_TOKEN);
  const credentials: Record<string, unknown> = {
    ...withExpiry(tokens),
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uri: consent.redirectUri,
    ...(consent.tenantId ? { tenant_id: consent.tenantId } : {}),
    ...(type.provider === 'microsoft' && typeof tokens.scope !== 'string' ? { scope: scopesOf(type, client).join(' ') } : {}),
  };
  try {
    const saved = consent.credentialId
      ? await deps.credentials.update(consent.projectId, consent.credentialId, { credentials, is_active: true, marketplace_id: type.marketplaceId })
      : await deps.credentials.create(consent.projectId, { name: consent.name, credential_type: type.credentialType, marketplace_id: type.marketplaceId, is_active: true, credentials });
    return { status: 'success', projectId: consent.projectId, credentialId: saved.id, name: saved.name };
  } catch (error) {
    if (error instanceof ConflictError || error instanceof NotFoundError) return failed(error.message);
    throw error;
  }
}
