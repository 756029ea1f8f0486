/**
 * @module runtime/integrations/oauth/refresh — fresh tokens for `ctx.credentials.get`: an OAuth credential
 * whose `expires_at` is within REFRESH_MARGIN_MS is refreshed at its provider's token endpoint
 * and stored (encrypted) with its new tokens and `expires_at`, the refresh token kept when the
 * provider sends no new one. One refresh at a time per credential, across every weft process:
 * a Redis lock; the others wait for it and read what it stored. 'No refresh token available'
 * when the credential has none; 'Failed to refresh token' when the provider refuses or fails.
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { operationalError, userError } from '../../../catalogue/errors.ts';
import type { ServiceUrls } from '../../../catalogue/service-urls.ts';
import type { CredentialStore, RevealedCredential } from '../../services/stores/credentials.ts';
import { oauthTypeOf, refreshRequest, withExpiry, type OAuthType } from './providers.ts';
import type { TokenCall } from './token-call.ts';

export const REFRESH_MARGIN_MS = 60_000;
export const REFRESH_FAILED = 'Failed to refresh token';
export const NO_REFRESH_TOKEN = 'No refresh token available';
/** the lock outlives any token call (30 s timeout) */
const LOCK_MS = 45_000;
const WAIT_STEP_MS = 100;

const releaseLua = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export interface RefreshDeps {
  redis: Redis;
  prefix: string;
  credentials: Pick<CredentialStore, 'reveal' | 'update'>;
  tokens: TokenCall;
  serviceUrls: ServiceUrls;
  now?: () => number;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export function isStale(credential: RevealedCredential, now: number): boolean {
  if (!oauthTypeOf(credential.credential_type)) return false;
  const expiresAt = Number(credential.credentials.expires_at);
  return Number.isFinite(expiresAt) && expiresAt - now <= REFRESH_MARGIN_MS;
}

/** The scope a Microsoft refresh asks: what was granted, offline access included. */
function refreshScope(type: OAuthType, held: Record<string, unknown>): string | undefined {
  if (type.provider !== 'microsoft') return undefined;
  const scopes = (text(held.scope) ?? type.scopes.join(' ')).split(/\s+/).filter(Boolean);
  return (scopes.includes('offline_access') ? scopes : ['offline_access', ...scopes]).join(' ');
}

/** The credential's secrets with a fresh access token (refreshed now when needed). */
export function freshTokens(deps: RefreshDeps) {
  const now = deps.now ?? Date.now;
  async function refresh(credential: RevealedCredential): Promise<Record<string, unknown>> {
    const type = oauthTypeOf(credential.credential_type)!;
    const held = credential.credentials;
    const refreshToken = text(held.refresh_token);
    if (!refreshToken) throw userError(NO_REFRESH_TOKEN);
    const clientId = text(held.client_id);
    const clientSecret = text(held.client_secret);
    if (!clientId || !clientSecret || (type.provider === 'microsoft' && !text(held.tenant_id))) throw operationalError(REFRESH_FAILED);
    const request = refreshRequest(type, deps.serviceUrls, { clientId, clientSecret, refreshToken, tenant: text(held.tenant_id), scope: refreshScope(type, held) });
    const tokens = await deps.tokens(request);
    if (!tokens) throw operationalError(REFRESH_FAILED);
    const next = { ...held, ...withExpiry(tokens, now()), refresh_token: text(tokens.refresh_token) ?? refreshToken };
    await deps.credentials.update(credential.project_id, credential.id, { credentials: next });
    return next;
  }

  return async function fresh(credential: RevealedCredential): Promise<Record<string, unknown>> {
    if (!isStale(credential, now())) return credential.credentials;
    const lock = `${deps.prefix}oauth:refresh:{${credential.project_id}}:${credential.id}`;
    const owner = randomUUID();
    const deadline = Date.now() + LOCK_MS;
    for (;;) {
      // someone else may have refreshed it while this one waited
      const current = await deps.credentials.reveal(credential.project_id, credential.name);
      if (current.id !== credential.id || !isStale(current, now())) return current.credentials;
      if ((await deps.redis.set(lock, owner, 'PX', LOCK_MS, 'NX')) === 'OK') {
        try {
          const again = await deps.credentials.reveal(credential.project_id, credential.name);
          return isStale(again, now()) ? await refresh(again) : again.credentials;
        } finally {
          await deps.redis.eval(releaseLua, 1, lock, owner);
        }
      }
      if (Date.now() > deadline) throw operationalError(REFRESH_FAILED);
      await new Promise((ok) => setTimeout(ok, WAIT_STEP_MS));
    }
  };
}
