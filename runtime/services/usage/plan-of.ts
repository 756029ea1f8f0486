/**
 * @module runtime/services/usage/plan-of — the plan a project is on: its organisation's `plan`
 * ('starter' when the organisation is gone or names none). The one place usage reads plans from.
 */
import { BoundedMap } from '../stores/bounded-map.ts';
import type { OrganisationStore } from '../stores/organisations.ts';
import type { ProjectStore } from '../stores/projects.ts';
import { STARTER_PLAN } from './plans.ts';

export type PlanOf = (projectId: string) => Promise<string>;

/**
 * Reads the organisation's plan on every call, as Redis last said it is (OrganisationStore.shared:
 * a plan change counts at once); the organisation a project belongs to is read once, as it never
 * changes after the project is made.
 */
export function projectPlanReader(stores: { projects: Pick<ProjectStore, 'get'>; organisations: Pick<OrganisationStore, 'shared'> }): PlanOf {
  const organisationOf = new BoundedMap<string, string>(10_000);
  return async function planOf(projectId) {
    let organisationId = organisationOf.get(projectId);
    if (organisationId === undefined) {
      organisationId = (await stores.projects.get(projectId))?.organisationId;
      if (!organisationId) return STARTER_PLAN;
      organisationOf.set(projectId, organisationId);
    }
    const organisation = await stores.organisations.shared(organisationId);
    return organisation?.plan || STARTER_PLAN;
  };
}
