/**
 * @module catalogue/app/access-token — the bearer token of an OAuth credential (the provider's
 * token response: `access_token`, `refresh_token`, `expires_at`…). Refreshing it before expiry is
 * the credential reader's job, not the node's. Shared by the app nodes that call an API as the
 * connected account (team chat, team messaging).
 */
import { userError } from '../errors.ts';

/** 'No access token available' (spec 002 §8) when the credential holds none. */
export function accessTokenOf(credential: Record<string, unknown>): string {
  const token = credential.access_token;
  if (typeof token !== 'string' || token.trim() === '') throw userError('No access token available');
  return token.trim();
}
