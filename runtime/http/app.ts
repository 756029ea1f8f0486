/**
 * @module runtime/http/app — the Koa app: middleware (request ids, error answers, the session
 * gate of runtime/services/auth/session-gate.ts, JSON bodies), then every router.
 */
import { routeNames } from './call-span.ts';
import type Router from '@koa/router';
import type Redis from 'ioredis';
import Koa from 'koa';
import { sessionGate, type AuthStores } from '../services/auth/session-gate.ts';
import { SignInLimit } from '../services/auth/sign-in-limit.ts';
import type { CatalogueView } from '../services/flows/catalogue-view.ts';
import type { DeploymentHooks } from '../services/flows/deployments.ts';
import { FlowVersionStore } from '../services/stores/flow-versions.ts';
import { FlowStore } from '../services/stores/flows.ts';
import { OrganisationStore } from '../services/stores/organisations.ts';
import { ProjectStore } from '../services/stores/projects.ts';
import { SessionStore } from '../services/stores/sessions.ts';
import { UserStore } from '../services/stores/users.ts';
import type { OutageSpool } from '../services/logs/outage-spool.ts';
import { errorAnswers, jsonBodies, refuseWhileRedisDown, requestIds } from './middleware.ts';
import { authRouter } from './routes/auth.ts';
import { projectPlanReader } from '../services/usage/plan-of.ts';
import { flowsRouter } from './routes/flows.ts';
import { n8nImportRouter } from './routes/n8n-import.ts';
import { organisationsRouter } from './routes/organisations.ts';
import { invitationsRouter } from './routes/invitations.ts';
import { InvitationStore } from '../services/stores/invitations.ts';
import { projectsRouter } from './routes/projects.ts';
import { systemRouter } from './routes/system.ts';
import { versionsRouter, type DeployGate } from './routes/versions.ts';

interface AppOptions {
  redis: Redis;
  /** key prefix of the stores made here when none are passed; default 'weft:' */
  prefix?: string;
  /** stores shared with other routers; made over `redis` and `prefix` when left out */
  projects?: ProjectStore;
  flows?: FlowStore;
  versions?: FlowVersionStore;
  users?: UserStore;
  organisations?: OrganisationStore;
  sessions?: SessionStore;
  /** what else happens when a flow is deployed or stopped (app trigger subscriptions) */
  deploymentHooks?: readonly DeploymentHooks[];
  /** what else goes with a deleted flow (its test cases) */
  flowDeleted?: (flowId: string) => Promise<void>;
  /** flows whose tests must pass before a deploy (routes/versions.ts) */
  deployGate?: DeployGate;
  /** more routers (runs, webhooks, GraphQL…), mounted after the built-in ones */
  routers?: Router[];
  /** where the production calls refused while Redis is down are kept for their log records */
  outageSpool?: OutageSpool;
  /** the largest JSON body accepted, in bytes; default MAX_BODY_BYTES (runtime/http/body-limits.ts) */
  bodyLimitBytes?: number;
}

export type AppDeps = AppOptions & { catalogue: CatalogueView };

export function createApp(deps: AppDeps): Koa & { routeTable: RouteEntry[] } {
  const prefix = deps.prefix ?? 'weft:';
  const { catalogue } = deps;
  const projects = deps.projects ?? new ProjectStore(deps.redis, prefix);
  const flows = deps.flows ?? new FlowStore(deps.redis, prefix);
  const versions = deps.versions ?? new FlowVersionStore(deps.redis, prefix);
  const auth: AuthStores = {
    projects,
    users: deps.users ?? new UserStore(deps.redis, prefix),
    organisations: deps.organisations ?? new OrganisationStore(deps.redis, prefix),
    sessions: deps.sessions ?? new SessionStore(deps.redis, prefix),
  };
  const invitations = new InvitationStore(deps.redis, prefix);
  const app = new Koa();
  app.proxy = false;
  // errorAnswers logs what it does not expect; Koa's own logging would print it twice.
  app.silent = true;
  app.use(requestIds());
  app.use(routeNames());
  app.use(errorAnswers());
  app.use(refuseWhileRedisDown(deps.outageSpool));
  // Before the body is read: a request without a session is refused at once.
  app.use(sessionGate(auth));
  app.use(jsonBodies(deps.bodyLimitBytes));
  const routers = [
    systemRouter({ redis: deps.redis, catalogue }),
    authRouter({ ...auth, signInLimit: new SignInLimit(deps.redis, prefix) }),
    organisationsRouter({ ...auth, invitations }),
    invitationsRouter({ ...auth, invitations }),
    projectsRouter(auth),
    flowsRouter({ catalogue, flows, versions, planOf: projectPlanReader(auth), deleted: deps.flowDeleted }),
    n8nImportRouter({ catalogue, flows, planOf: projectPlanReader(auth) }),
    versionsRouter({ catalogue, flows, versions, planOf: projectPlanReader(auth), hooks: deps.deploymentHooks, gate: deps.deployGate }),
    ...(deps.routers ?? []),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  const routeTable = routers.flatMap((router) => router.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path) }))));
  return Object.assign(app, { routeTable });
}

/** One route of the API (its method and path pattern, `:param`s and all): the bad-input sweep walks them (scripts/fuzz/). */
export interface RouteEntry {
  method: string;
  path: string;
}
