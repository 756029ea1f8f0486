/** @module runtime/http/routes/usage — a project's usage record (spec 000 §3): GET /api/projects/:projectId/usage. */
import Router from '@koa/router';
import type { ProjectStore } from '../../stores/projects.ts';
import type { UsageLimits } from '../../usage/limits.ts';
import { notFound } from '../errors.ts';

export function usageRouter(deps: { usage: UsageLimits; projects: ProjectStore }): Router {
  const router = new Router();
  router.get('/api/projects/:projectId/usage', async function projectUsage(ctx) {
    if (!(await deps.projects.get(ctx.params.projectId))) throw notFound('Project not found');
    ctx.set('cache-control', 'no-store');
    ctx.body = await deps.usage.usageRecord(ctx.params.projectId);
  });
  return router;
}
