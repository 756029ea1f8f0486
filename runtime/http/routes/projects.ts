/** @module runtime/http/routes/projects — list, create and read projects. */
import Router from '@koa/router';
import type { ProjectStore } from '../../stores/projects.ts';
import { objectBody } from '../body.ts';
import { badRequest, notFound } from '../errors.ts';

export const MAX_PROJECT_NAME = 100;

export function projectsRouter(deps: { projects: ProjectStore }): Router {
  const router = new Router();

  router.get('/api/projects', async function listProjects(ctx) {
    ctx.body = await deps.projects.list();
  });

  router.post('/api/projects', async function createProject(ctx) {
    const { name } = objectBody(ctx);
    if (typeof name !== 'string' || !name.trim()) throw badRequest('A project needs a name');
    if (name.trim().length > MAX_PROJECT_NAME) throw badRequest(`A project name has at most ${MAX_PROJECT_NAME} characters`);
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
