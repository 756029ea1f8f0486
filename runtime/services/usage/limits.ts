/**
 * @module runtime/services/usage/limits — plan limits for production calls and records, with the spec's
 * texts (000 §8). The production call (runtime/core/calls/production-call.ts) calls
 * `countProductionRequest` before starting a run; test runs from the studio never do. Nodes that store records call
 * `addRecords(projectId, added, duplicatesDeleted)`.
 */
import type { UsageRecord } from '../../../contract/projects.ts';
import { PlanLimitError } from '../domain-errors.ts';
import type { UsageStore } from '../stores/usage.ts';
import { dayOf } from './days.ts';
import type { PlanOf } from './plan-of.ts';
import { limitsOf, type PlanLimits, type StarterLimits } from './plans.ts';

export const maxRequestsMessage = (max: number, current: number) =>
  `Project exceeded max requests, max requests: ${max}, current requests: ${current}. Please upgrade your plan.`;

export const maxRecordsMessage = (max: number, current: number) =>
  `Project exceeded max records, max records: ${max}, current records: ${current}. Please upgrade your plan or delete some records.`;

export interface UsageLimitsDeps {
  store: UsageStore;
  planOf: PlanOf;
  starter: StarterLimits;
  /** the clock (tests move it); default Date.now */
  now?: () => number;
}

export class UsageLimits {
  private readonly now: () => number;

  constructor(private readonly deps: UsageLimitsDeps) {
    this.now = deps.now ?? Date.now;
  }

  async limits(projectId: string): Promise<{ plan: string; limits: PlanLimits }> {
    const plan = await this.deps.planOf(projectId);
    return { plan, limits: limitsOf(plan, this.deps.starter) };
  }

  /**
   * Count one production request (webhook, GraphQL, widget) of the project. Over the plan's
   * daily cap or 30-day limit it throws 429 with the spec's text and counts nothing: the
   * request that reaches a limit passes, the next is refused.
   * Resolves once the call's run may start, with the count's own promise (`stored`): a limited
   * plan's count is stored by then, as it may refuse; a plan without request limits refuses
   * nothing, so its run need not wait for its count (counted per turn of the event loop: UsageStore.countUncapped).
   */
  async countProductionRequest(projectId: string): Promise<{ stored: Promise<void> }> {
    const { limits } = await this.limits(projectId);
    if (limits.requests === null && limits.requestsPerDay === null) {
      const stored = this.deps.store.countUncapped(projectId, this.now());
      stored.catch(() => {}); // the caller awaits it with the run's start; until then it is not left unhandled
      return { stored };
    }
    const counted = await this.deps.store.countRequest(projectId, this.now(), limits.requests, limits.requestsPerDay);
    if (counted.outcome === 'daily') throw overRequests(limits.requestsPerDay!, counted.today);
    if (counted.outcome === 'total') throw overRequests(limits.requests!, counted.last30Days);
    return { stored: Promise.resolve() };
  }

  /**
   * Adjust the project's record count (totalObjectCount) by records added minus duplicates
   * deleted; resolves to the new count. Growth past the plan's record limit throws 403 with the
   * spec's text and changes nothing.
   */
  async addRecords(projectId: string, added: number, duplicatesDeleted = 0): Promise<number> {
    if (!Number.isInteger(added) || !Number.isInteger(duplicatesDeleted) || added < 0 || duplicatesDeleted < 0) {
      throw new Error(`addRecords takes whole numbers of records, not ${added} and ${duplicatesDeleted}`);
    }
    const { limits } = await this.limits(projectId);
    const result = await this.deps.store.addRecords(projectId, added, duplicatesDeleted, limits.records);
    if (result.outcome === 'over') throw overRecords(limits.records!, result.total);
    return result.total;
  }

  /** Throws the records text when `incoming` more records would pass the plan's limit (a check before writing). */
  async checkRecords(projectId: string, incoming = 1): Promise<void> {
    const { limits } = await this.limits(projectId);
    if (limits.records === null) return;
    const total = await this.deps.store.records(projectId);
    if (total + incoming > limits.records) throw overRecords(limits.records, total);
  }

  async usageRecord(projectId: string): Promise<UsageRecord> {
    const now = this.now();
    const [{ plan, limits }, requests, totalObjectCount] = await Promise.all([
      this.limits(projectId),
      this.deps.store.requests(projectId, now),
      this.deps.store.records(projectId),
    ]);
    return {
      plan,
      allowedLimits: { requests: limits.requests, requestsPerDay: limits.requestsPerDay, records: limits.records },
      usage: { requestsForLast30Days: requests.last30Days, requestsPerDay: requests.today, todaysDate: dayOf(now), totalObjectCount },
    };
  }
}

const overRequests = (max: number, current: number) => new PlanLimitError('requests', maxRequestsMessage(max, current));
const overRecords = (max: number, current: number) => new PlanLimitError('records', maxRecordsMessage(max, current));
