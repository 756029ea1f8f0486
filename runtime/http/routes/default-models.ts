/**
 * @module runtime/services/models/default-models-routes — a project's default models:
 * `GET /api/projects/:projectId/default-models` → `{text_model?, embedding_model?, image_model?}`
 * (`{}` when none are set), `PUT` the same shape (each a model param of its type) → the stored config.
 */
import Router from '@koa/router';
import { isNodeError } from '../../../catalogue/errors.ts';
import { projectAccessGuard } from '../../services/auth/access.ts';
import { badRequest } from '../errors.ts';
import type { DefaultModelsStore } from '../../services/models/default-models.ts';

export function defaultModelsRouter(deps: { defaults: DefaultModelsStore }): Router {
  const router = new Router();
  router.get('/api/projects/:projectId/default-models', projectAccessGuard, async function readDefaultModels(ctx) {
    ctx.body = (await deps.defaults.get(ctx.params.projectId)) ?? {};
  });
  router.put('/api/projects/:projectId/default-models', projectAccessGuard, async function saveDefaultModels(ctx) {
    try {
      ctx.body = await deps.defaults.set(ctx.params.projectId, (ctx.request as { body?: unknown }).body);
    } catch (error) {
      if (isNodeError(error) && error.kind === 'user') throw badRequest(error.message);
      throw error;
    }
  });
  return router;
}
