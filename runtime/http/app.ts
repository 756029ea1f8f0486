/** @module runtime/http/app — the Koa app: middleware, then every router. */
import type Router from '@koa/router';
import type Redis from 'ioredis';
import Koa from 'koa';
import type { Registry } from '../../catalogue/registry.ts';
import type { FlowStore } from '../stores/flows.ts';
import type { ProjectStore } from '../stores/projects.ts';
import { errorAnswers, jsonBodies, requestIds } from './middleware.ts';
import { flowsRouter } from './routes/flows.ts';
import { projectsRouter } from './routes/projects.ts';

export interface AppDeps {
  redis: Redis;
  registry: Registry;
  projects: ProjectStore;
  flows: FlowStore;
  /** more routers (runs, webhooks…) */
  routers?: Router[];
}

export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.proxy = false;
  app.silent = true;
  app.use(requestIds());
  app.use(errorAnswers());
  app.use(jsonBodies());
  for (const router of [projectsRouter(deps), flowsRouter(deps), ...(deps.routers ?? [])]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
