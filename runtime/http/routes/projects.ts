/** @module runtime/http/routes/projects — health, the catalogue and projects. */
import Router from '@koa/router';
import type Redis from 'ioredis';
import type { Registry } from '../../../catalogue/registry.ts';
import { badRequest, notFound } from '../errors.ts';
import type { ProjectStore } from '../../stores/projects.ts';

export function projectsRouter(deps: { redis: Redis; registry: Registry; projects: ProjectStore }): Router {
  const router = new Router();

  router.get('/api/health', async function health(ctx) {
    const redis = await deps.redis.ping().then(() => 'ok', () => 'down');
    ctx.status = redis === 'ok' ? 200 : 503;
    ctx.body = { status: redis === 'ok' ? 'ok' : 'degraded', redis };
  });

  router.get('/api/catalogue', function catalogue(ctx) {
    ctx.body = deps.registry.list();
  });

  router.get('/api/projects', async function listProjects(ctx) {
    ctx.body = await deps.projects.list();
  });

  router.post('/api/projects', async function createProject(ctx) {
    const { name } = (ctx.request.body ?? {}) as { name?: unknown };
    if (typeof name !== 'string' || !name.trim()) throw badRequest('A project needs a name');
    if (name.length > 100) throw badRequest('A project name has at most 100 characters');
    ctx.status = 201;
    ctx.body = await deps.projects.create(name.trim());
  });

  router.get('/api/projects/:projectId', async function getProject(ctx) {
    const project = await deps.projects.get(ctx.params.projectId);
    if (!project) throw notFound('Project not found');
    ctx.body = project;
  });

  return router;
}
