/**
 * @module runtime/usage/plan-of — the plan a project is on: its organisation's `plan`
 * ('starter' when the organisation is gone or names none). The one place usage reads plans from.
 */
import type { OrganisationStore } from '../stores/organisations.ts';
import type { ProjectStore } from '../stores/projects.ts';
import { STARTER_PLAN } from './plans.ts';

export type PlanOf = (projectId: string) => Promise<string>;

/** at most this many projects' organisations are kept in memory (then the memory starts afresh) */
const MAX_KNOWN_PROJECTS = 10_000;

/**
 * Reads the organisation's plan on every call (a plan change counts at once); the organisation
 * a project belongs to is read once, as it never changes after the project is made.
 */
export function projectPlanReader(stores: { projects: Pick<ProjectStore, 'get'>; organisations: Pick<OrganisationStore, 'get'> }): PlanOf {
  const organisationOf = new Map<string, string>();
  return async function planOf(projectId) {
    let organisationId = organisationOf.get(projectId);
    if (organisationId === undefined) {
      organisationId = (await stores.projects.get(projectId))?.organisationId;
      if (!organisationId) return STARTER_PLAN;
      if (organisationOf.size >= MAX_KNOWN_PROJECTS) organisationOf.clear();
      organisationOf.set(projectId, organisationId);
    }
    const organisation = await stores.organisations.get(organisationId);
    return organisation?.plan || STARTER_PLAN;
  };
}
