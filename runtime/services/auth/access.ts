/**
 * @module runtime/services/auth/access — the one answer to "may the signed-in user see project X".
 * The session gate (runtime/services/auth/session-gate.ts) puts a ProjectAccess for the request's user
 * on `ctx.state.access`; every project-scoped route asks it through requireProjectAccess —
 * flows, runs (a run's project is in its meta), credentials, API keys, usage, logs. A project
 * of another organisation answers the same 404 as one that does not exist.
 */
import type { Context } from 'koa';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../domain-errors.ts';
import type { Role } from '../../../contract/accounts.ts';
import type { OrganisationStore } from '../stores/organisations.ts';
import type { Project } from '../../../contract/projects.ts';
import type { ProjectStore } from '../stores/projects.ts';
import type { User } from '../stores/users.ts';

export const unauthorized = () => new UnauthorizedError('Sign in first');
export const forbidden = (message: string) => new ForbiddenError(message);

export class ProjectAccess {
  constructor(
    readonly user: User,
    private readonly projects: ProjectStore,
    private readonly organisations: OrganisationStore,
  ) {}

  /** the user's role in the organisation, or null when they are not a member */
  roleIn(organisationId: string): Promise<Role | null> {
    return this.organisations.roleOf(this.user.id, organisationId);
  }

  /** the project when it exists and belongs to one of the user's organisations, else null */
  async project(projectId: string): Promise<(Project & { role: Role }) | null> {
    const project = await this.projects.get(projectId);
    if (!project) return null;
    const role = await this.roleIn(project.organisationId);
    return role ? { ...project, role } : null;
  }
}

/** the request's ProjectAccess; 401 when the request has no session (fail closed) */
export function accessOf(ctx: Context): ProjectAccess {
  const access = ctx.state.access as ProjectAccess | undefined;
  if (!access) throw unauthorized();
  return access;
}

/**
 * The project, when the signed-in user may see it. Otherwise throws `missing()` — by default
 * 404 'Project not found'; a route reaching the project through a flow or run passes its own
 * ('Workflow not found', 'Run not found'), so nothing tells another organisation it exists.
 */
export async function requireProjectAccess(
  ctx: Context,
  projectId: string,
  missing: () => Error = () => new NotFoundError('Project not found'),
): Promise<Project & { role: Role }> {
  const project = await accessOf(ctx).project(projectId);
  if (!project) throw missing();
  return project;
}

/**
 * Koa middleware for a router whose paths carry `:projectId` (credentials, API keys, usage,
 * logs): the request goes on only when the user may see that project; the project is then
 * `ctx.state.project`.
 */
export async function projectAccessGuard(ctx: Context, next: () => Promise<unknown>): Promise<void> {
  ctx.state.project = await requireProjectAccess(ctx, (ctx as Context & { params: Record<string, string> }).params.projectId);
  await next();
}
