import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { answerOf, DomainError, type Answer } from '../domain-errors.ts';
import { OrganisationStore } from '../stores/organisations.ts';
import { ProjectStore } from '../stores/projects.ts';
import { UsageStore } from '../stores/usage.ts';
import { dayOf } from './days.ts';
import { UsageLimits } from './limits.ts';
import { projectPlanReader } from './plan-of.ts';

const redis = new Redis(process.env.REDIS_URL!);
afterAll(() => redis.disconnect());

const day = 24 * 3600 * 1000;
let prefix = '';
let clock = Date.parse('2026-11-23T10:00:00Z');
let store: UsageStore;
let usage: UsageLimits;
let organisations: OrganisationStore;
let projectId = '';
let organisationId = '';

/** starter: 90 requests over 30 days → a daily cap of 3; 5 records */
beforeEach(async () => {
  prefix = `weft-test-${randomUUID().slice(0, 8)}:`;
  clock = Date.parse('2026-11-23T10:00:00Z');
  store = new UsageStore(redis, prefix);
  organisations = new OrganisationStore(redis, prefix);
  const projects = new ProjectStore(redis, prefix);
  organisationId = (await organisations.create('Org')).id;
  projectId = (await projects.create('Limited', organisationId)).id;
  usage = new UsageLimits({ store, planOf: projectPlanReader({ projects, organisations }), starter: { requests: 90, records: 5 }, now: () => clock });
});

async function refusal(call: Promise<unknown>): Promise<Answer> {
  const error = await call.then(() => null, (e: unknown) => e);
  // stores throw domain errors; the answer the HTTP layer maps them to is what callers see
  expect(error).toBeInstanceOf(DomainError);
  return answerOf(error)!;
}

async function onPlan(plan: string) {
  await organisations.update(organisationId, { plan });
}

describe('requests on the starter plan', () => {
  it('lets the request that reaches the daily cap pass and refuses the next with the spec text', async () => {
    for (let i = 0; i < 3; i++) await usage.countProductionRequest(projectId);
    const error = await refusal(usage.countProductionRequest(projectId));
    expect(error.status).toBe(429);
    expect(error.message).toBe('Project exceeded max requests, max requests: 3, current requests: 3. Please upgrade your plan.');
    expect((await usage.usageRecord(projectId)).usage.requestsPerDay).toBe(3);
  });

  it('lets exactly the daily cap through when calls arrive at once', async () => {
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => usage.countProductionRequest(projectId)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await store.requests(projectId, clock)).toEqual({ today: 3, last30Days: 3 });
  });

  it('counts the last 30 days: the request that reaches the limit passes, the next is refused', async () => {
    // 29 earlier days inside the window hold 88 requests; a day just outside it holds 50.
    for (let i = 1; i < 30; i++) await redis.set(store.requestsKey(projectId, dayOf(clock - i * day)), i === 29 ? 4 : 3);
    await redis.set(store.requestsKey(projectId, dayOf(clock - 30 * day)), 50);
    expect((await store.requests(projectId, clock)).last30Days).toBe(88);
    await usage.countProductionRequest(projectId);
    await usage.countProductionRequest(projectId); // the 90th: reaches the limit, passes
    const error = await refusal(usage.countProductionRequest(projectId));
    expect(error.message).toBe('Project exceeded max requests, max requests: 90, current requests: 90. Please upgrade your plan.');
    expect(await store.requests(projectId, clock)).toEqual({ today: 2, last30Days: 90 });
    // A day later the oldest day (4 requests) has left the window (86 counted) and a new day began.
    clock += day;
    for (let i = 0; i < 3; i++) await usage.countProductionRequest(projectId);
    // the daily cap (3) is reached before the 30-day limit here
    expect((await refusal(usage.countProductionRequest(projectId))).message).toContain('max requests: 3, current requests: 3');
  });

  it('concurrent calls at the 30-day limit: exactly one passes', async () => {
    for (let i = 1; i < 30; i++) await redis.set(store.requestsKey(projectId, dayOf(clock - i * day)), 3);
    await redis.set(store.requestsKey(projectId, dayOf(clock)), 2); // 89 so far
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => usage.countProductionRequest(projectId)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await store.requests(projectId, clock)).last30Days).toBe(90);
  });

  it('keeps one counter a day that expires once the day has left the window', async () => {
    await usage.countProductionRequest(projectId);
    const key = store.requestsKey(projectId, '2026-11-23');
    expect(key).toBe(`${prefix}{usage:${projectId}}:requests:2026-11-23`);
    const expiresAt = (await redis.pexpiretime(key)) as number;
    expect(expiresAt).toBe(Date.parse('2026-12-24T00:00:00Z'));
  });
});

describe('other plans', () => {
  it('are unlimited but still counted', async () => {
    await onPlan('pro');
    for (let i = 0; i < 10; i++) await (await usage.countProductionRequest(projectId)).stored;
    expect(await usage.addRecords(projectId, 100)).toBe(100);
    const record = await usage.usageRecord(projectId);
    expect(record).toEqual({
      plan: 'pro',
      allowedLimits: { requests: null, requestsPerDay: null, records: null },
      usage: { requestsForLast30Days: 10, requestsPerDay: 10, todaysDate: '2026-11-23', totalObjectCount: 100 },
    });
  });

  it('count the requests of one turn together, in the counter of their day', async () => {
    await onPlan('pro');
    const counts = await Promise.all(Array.from({ length: 25 }, () => usage.countProductionRequest(projectId)));
    await Promise.all(counts.map((count) => count.stored));
    expect(await store.requests(projectId, clock)).toEqual({ today: 25, last30Days: 25 });
    expect(await redis.pexpiretime(store.requestsKey(projectId, '2026-11-23'))).toBe(Date.parse('2026-12-24T00:00:00Z'));
  });

  it("read the plan from the project's organisation: starter by default, and when it names none", async () => {
    expect((await usage.usageRecord(projectId)).plan).toBe('starter');
    await onPlan('');
    expect((await usage.usageRecord(projectId)).allowedLimits).toEqual({ requests: 90, requestsPerDay: 3, records: 5 });
  });
});

describe('records on the starter plan', () => {
  it('adjusts by records added minus duplicates deleted, refusing growth past the limit', async () => {
    expect(await usage.addRecords(projectId, 3)).toBe(3);
    expect(await usage.addRecords(projectId, 4, 2)).toBe(5); // reaches the limit: passes
    const error = await refusal(usage.addRecords(projectId, 1));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Project exceeded max records, max records: 5, current records: 5. Please upgrade your plan or delete some records.');
    expect(await usage.addRecords(projectId, 2, 2)).toBe(5); // no growth: allowed at the limit
    expect(await usage.addRecords(projectId, 0, 9)).toBe(0); // never below 0
    await expect(usage.checkRecords(projectId, 5)).resolves.toBeUndefined();
    expect((await refusal(usage.checkRecords(projectId, 6))).message).toContain('max records: 5, current records: 0');
  });

  it('lets exactly the records up to the limit through when writers race', async () => {
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => usage.addRecords(projectId, 1)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect((await usage.usageRecord(projectId)).usage.totalObjectCount).toBe(5);
  });

  it('refuses counts that are not whole, non-negative numbers', async () => {
    await expect(usage.addRecords(projectId, -1)).rejects.toThrow('whole numbers');
    await expect(usage.addRecords(projectId, 1.5)).rejects.toThrow('whole numbers');
  });
});
