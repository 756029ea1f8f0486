/**
 * @module runtime/usage/plan-of — the plan a project is on: its organisation's `plan`
 * ('starter' when the organisation is gone or names none). The one place usage reads plans from.
 */
import type { OrganisationStore } from '../stores/organisations.ts';
import type { ProjectStore } from '../stores/projects.ts';
import { STARTER_PLAN } from './plans.ts';

export type PlanOf = (projectId: string) => Promise<string>;

export function projectPlanReader(stores: { projects: Pick<ProjectStore, 'get'>; organisations: Pick<OrganisationStore, 'get'> }): PlanOf {
  return async function planOf(projectId) {
    const project = await stores.projects.get(projectId);
    const organisation = project?.organisationId ? await stores.organisations.get(project.organisationId) : null;
    return organisation?.plan || STARTER_PLAN;
  };
}
