/**
 * @module runtime/usage/plan-of — the plan a project is on: its organisation's `plan`
 * ('starter' when the project has no organisation or the organisation names none). The one
 * place usage reads plans from.
 */
import type Redis from 'ioredis';
import { STARTER_PLAN } from './plans.ts';

export type PlanOf = (projectId: string) => Promise<string>;

/** Reads `{prefix}project:<id>` → `organisationId` → `{prefix}organisation:<id>` → `plan`. */
export function projectPlanReader(redis: Redis, prefix: string): PlanOf {
  return async function planOf(projectId) {
    const project = await redis.get(`${prefix}project:${projectId}`);
    const organisationId = project ? (JSON.parse(project) as { organisationId?: string }).organisationId : undefined;
    if (!organisationId) return STARTER_PLAN;
    const organisation = await redis.get(`${prefix}organisation:${organisationId}`);
    const plan = organisation ? (JSON.parse(organisation) as { plan?: unknown }).plan : undefined;
    return typeof plan === 'string' && plan ? plan : STARTER_PLAN;
  };
}
