/**
 * @module runtime/http/routes/api-keys — a project's API keys over HTTP: listed masked, the key
 * itself answered once (by the POST that made it), revoked at once by DELETE.
 */
import Router from '@koa/router';
import { projectAccessGuard } from '../../services/auth/access.ts';
import type { ApiKeyStore } from '../../services/stores/api-keys.ts';
import { objectBody } from '../body.ts';
import { badRequest, notFound } from '../errors.ts';
import { noStore } from './credentials.ts';

export const MAX_KEY_NAME = 100;
export const DEFAULT_KEY_NAME = 'API key';

export function apiKeysRouter(deps: { apiKeys: ApiKeyStore }): Router {
  const router = new Router({ prefix: '/api/projects/:projectId/api-keys' });
  router.use(noStore());
  // only members of the project's organisation; another organisation's project is 404
  router.use(projectAccessGuard);

  router.get('/', async function listApiKeys(ctx) {
    ctx.body = await deps.apiKeys.list(ctx.params.projectId);
  });

  router.post('/', async function createApiKey(ctx) {
    const { name, ...rest } = objectBody(ctx);
    const unknown = Object.keys(rest);
    if (unknown.length) throw badRequest(`Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: an API key has only a name`);
    if (name !== undefined && (typeof name !== 'string' || !name.trim())) throw badRequest('An API key name must be a non-empty string');
    if (typeof name === 'string' && name.trim().length > MAX_KEY_NAME) throw badRequest(`An API key name has at most ${MAX_KEY_NAME} characters`);
    ctx.status = 201;
    ctx.body = await deps.apiKeys.create(ctx.params.projectId, typeof name === 'string' ? name.trim() : DEFAULT_KEY_NAME);
  });

  router.delete('/:keyId', async function revokeApiKey(ctx) {
    if (!(await deps.apiKeys.revoke(ctx.params.projectId, ctx.params.keyId))) throw notFound('API key not found');
    ctx.status = 204;
  });

  return router;
}
