/**
 * @module runtime/services/auth/api-key-check — the one check of an integrator's API key, used by every
 * production trigger (POST /hook/:flowId, POST /graphql): `Authorization: Bearer <key>` must
 * hold a live (not revoked) API key of the flow's project. The same key reads the runs it
 * started (GET /api/runs/:id and its events: projectOfKey).
 */
import { UnauthorizedError } from '../domain-errors.ts';
import type { ApiKeyView } from '../../../contract/projects.ts';
import type { ApiKeyStore } from '../stores/api-keys.ts';

export const MISSING_KEY_MESSAGE =
  "Missing API key: send the header 'Authorization: Bearer <API key>' with an API key of the flow's project";
export const NOT_BEARER_MESSAGE = "The Authorization header must be 'Bearer <API key>'";
export const INVALID_KEY_MESSAGE = "Invalid API key: it is mistyped, revoked, or not a key of the flow's project";

const unauthorized = (message: string) => new UnauthorizedError(message);

/**
 * The project's API key that `authorization` (the Authorization header as sent) carries.
 * Throws an UnauthorizedError (code 'unauthorized') when the header is missing, not a Bearer
 * token, or not a live key of `projectId` — a key of another project is as invalid as a
 * made-up one, and a revoked key fails from the moment it is revoked.
 */
export function checkProjectKey(apiKeys: KeyReader, projectId: string, authorization: string | undefined | null): Promise<ApiKeyView> {
  return readProjectKey(apiKeys, authorization)(projectId);
}

/**
 * checkProjectKey in two steps: the key is read at once, before the project it must belong to
 * is known (a call's admission reads its flow meanwhile: one round trip less); the returned
 * check takes that project and throws as checkProjectKey does. Unchecked, nothing is thrown.
 */
export function readProjectKey(apiKeys: KeyReader, authorization: string | undefined | null): (projectId: string) => Promise<ApiKeyView> {
  const live = (async () => apiKeys.live(bearerToken(authorization)))();
  live.catch(() => {});
  return async (projectId) => {
    const key = await apiKeys.confirm(projectId, await live);
    if (!key) throw unauthorized(INVALID_KEY_MESSAGE);
    return key;
  };
}

export type KeyReader = Pick<ApiKeyStore, 'live' | 'confirm'>;

/** the token of `Authorization: Bearer <token>`; 401 when the header is missing or not a Bearer token */
export function bearerToken(authorization: string | undefined | null): string {
  const header = (authorization ?? '').trim();
  if (header === '') throw unauthorized(MISSING_KEY_MESSAGE);
  const match = /^bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized(NOT_BEARER_MESSAGE);
  return match[1];
}

/**
 * The project whose live API key `authorization` carries (reading a run a production call
 * started: GET /api/runs/:id); 401 as checkProjectKey when it is no live key at all.
 */
export async function projectOfKey(apiKeys: Pick<ApiKeyStore, 'projectOf'>, authorization: string | undefined | null): Promise<string> {
  const projectId = await apiKeys.projectOf(bearerToken(authorization));
  if (!projectId) throw unauthorized(INVALID_KEY_MESSAGE);
  return projectId;
}
