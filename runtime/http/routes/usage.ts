/** @module runtime/http/routes/usage — a project's usage record (spec 000 §3): GET /api/projects/:projectId/usage. */
import Router from '@koa/router';
import { projectAccessGuard } from '../../services/auth/access.ts';
import type { UsageLimits } from '../../services/usage/limits.ts';

export function usageRouter(deps: { usage: UsageLimits }): Router {
  const router = new Router();
  // only members of the project's organisation; another organisation's project is 404
  router.get('/api/projects/:projectId/usage', projectAccessGuard, async function projectUsage(ctx) {
    ctx.set('cache-control', 'no-store');
    ctx.body = await deps.usage.usageRecord(ctx.params.projectId);
  });
  return router;
}
