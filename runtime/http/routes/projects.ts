/**
 * @module runtime/http/routes/projects — list, create and read the signed-in user's projects.
 * A project answers with its owning organisation (id, slug, name), plan and cluster, as spec
 * 000 §3 lists them for a project; plan and cluster are the organisation's.
 */
import Router from '@koa/router';
import { accessOf, requireProjectAccess } from '../../services/auth/access.ts';
import type { Organisation } from '../../../contract/accounts.ts';
import type { OrganisationStore } from '../../services/stores/organisations.ts';
import type { Project, ProjectView } from '../../../contract/projects.ts';
import type { ProjectStore } from '../../services/stores/projects.ts';
import { objectBody } from '../body.ts';
import { badRequest, notFound } from '../errors.ts';

export const MAX_PROJECT_NAME = 100;

const answer = ({ id, slug, name, organisationId, createdAt }: Project, organisation: Organisation | null | undefined): ProjectView => ({
  id,
  slug,
  name,
  organisationId,
  organisation: organisation ? { id: organisation.id, slug: organisation.slug, name: organisation.name } : null,
  plan: organisation?.plan ?? null,
  cluster: organisation?.cluster ?? null,
  createdAt,
});

export function projectsRouter(deps: { projects: ProjectStore; organisations: OrganisationStore }): Router {
  const router = new Router();

  /** the projects of every organisation the user is a member of */
  router.get('/api/projects', async function listProjects(ctx) {
    const memberships = await deps.organisations.membershipsOf(accessOf(ctx).user.id);
    const byId = new Map(memberships.map((m) => [m.organisation.id, m.organisation]));
    const projects = await deps.projects.listOf([...byId.keys()]);
    ctx.body = projects.map((p) => answer(p, byId.get(p.organisationId)));
  });

  /** {name, organisationId?}: in that organisation (one of the user's), by default their first */
  router.post('/api/projects', async function createProject(ctx) {
    const { name, organisationId } = objectBody(ctx);
    if (typeof name !== 'string' || !name.trim()) throw badRequest('A project needs a name');
    if (name.trim().length > MAX_PROJECT_NAME) throw badRequest(`A project name has at most ${MAX_PROJECT_NAME} characters`);
    if (organisationId !== undefined && typeof organisationId !== 'string') throw badRequest('organisationId must be a string');
    const access = accessOf(ctx);
    let owner = organisationId;
    if (owner === undefined) {
      const [first] = await deps.organisations.membershipsOf(access.user.id);
      if (!first) throw badRequest('You are not a member of any organisation: create one first');
      owner = first.organisation.id;
    } else if (!(await access.roleIn(owner))) {
      throw notFound('Organisation not found');
    }
    const project = await deps.projects.create(name.trim(), owner);
    ctx.status = 201;
    ctx.body = answer(project, await deps.organisations.get(owner));
  });

  router.get('/api/projects/:projectId', async function getProject(ctx) {
    const project = await requireProjectAccess(ctx, ctx.params.projectId);
    ctx.body = answer(project, await deps.organisations.get(project.organisationId));
  });

  return router;
}
