/**
 * @module runtime/services/usage/plans — what each plan allows (spec 000 §6, §9): only the starter plan
 * is limited, by requests over the last 30 days (with a daily cap of one thirtieth of that)
 * and by records (totalObjectCount). Every other plan is unlimited, `unlimited` among them.
 */
import { WINDOW_DAYS } from './days.ts';

export const STARTER_PLAN = 'starter';
/** The plan without limits `npm start` puts its admin's own organisation on: a self-hosted install is its owner's. */
export const UNLIMITED_PLAN = 'unlimited';
/** What a plan name may look like (WEFT_DEFAULT_PLAN, `npm run organisations -- plan`). */
export const PLAN_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** The starter plan's limits; the spec gives no numbers, so weft's defaults are configurable. */
export interface StarterLimits {
  /** requests over the last 30 days (WEFT_STARTER_MAX_REQUESTS, default 3000) */
  requests: number;
  /** records, counted as totalObjectCount (WEFT_STARTER_MAX_RECORDS, default 10000) */
  records: number;
}

export const defaultStarterLimits: StarterLimits = { requests: 3000, records: 10_000 };

/** A plan's limits; null means unlimited. */
export interface PlanLimits {
  requests: number | null;
  /** the daily cap: one thirtieth of `requests`, rounded down */
  requestsPerDay: number | null;
  records: number | null;
}

export function limitsOf(plan: string, starter: StarterLimits): PlanLimits {
  if (plan !== STARTER_PLAN) return { requests: null, requestsPerDay: null, records: null };
  return { requests: starter.requests, requestsPerDay: Math.floor(starter.requests / WINDOW_DAYS), records: starter.records };
}
