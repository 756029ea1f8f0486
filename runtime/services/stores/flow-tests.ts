/**
 * @module runtime/services/stores/flow-tests — a flow's test cases and suite runs in Redis, under the
 * hash tag `{tests:<flowId>}`:
 * - `{tests:F}:cases` — hash case id → TestCase JSON;
 * - `{tests:F}:suite:<id>` — a suite run's JSON (contract SuiteRun), rewritten as its cases end;
 * - `{tests:F}:suites` — sorted set of suite run ids by start ms (the newest 50 kept);
 * - `{tests:F}:runs` — hash run id → `{suiteRunId, caseId, name}`: which runs are test cases;
 * - `{tests:F}:settings` — TestSettings JSON (tests required before a deploy);
 * - `{tests:F}:lease:<id>` — the server driving a suite run that has not ended (a lease it renews);
 * - `tests:unfinished` — set of `<flowId> <suite id>` of suite runs that have not ended, so a
 *   server that starts (or outlives another) drives them on.
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { SuiteRun, TestCase, TestCaseInput, TestSettings } from '../../../contract/flow-tests.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';

export const MAX_CASES = 500;
const KEPT_SUITES = 50;

export interface TestRunMark {
  suiteRunId: string;
  caseId: string;
  name: string;
}

export class FlowTestStore {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  private key(flowId: string, part: string): string {
    return `${this.prefix}{tests:${flowId}}:${part}`;
  }

  async cases(flowId: string): Promise<TestCase[]> {
    const texts = await this.redis.hvals(this.key(flowId, 'cases'));
    return texts.map((t) => JSON.parse(t) as TestCase).sort((a, b) => a.createdAt - b.createdAt || a.updatedAt - b.updatedAt || a.id.localeCompare(b.id));
  }

  async get(flowId: string, caseId: string): Promise<TestCase | null> {
    const text = await this.redis.hget(this.key(flowId, 'cases'), caseId);
    return text ? (JSON.parse(text) as TestCase) : null;
  }

  async add(flowId: string, input: TestCaseInput, fromRun?: string): Promise<TestCase> {
    if ((await this.redis.hlen(this.key(flowId, 'cases'))) >= MAX_CASES) throw new ConflictError(`A flow has at most ${MAX_CASES} test cases`, 'too_many_cases');
    const now = Date.now();
    const made: TestCase = { id: `case_${randomUUID().replace(/-/g, '').slice(0, 12)}`, ...input, ...(fromRun ? { fromRun } : {}), createdAt: now, updatedAt: now };
    await this.redis.hset(this.key(flowId, 'cases'), made.id, JSON.stringify(made));
    return made;
  }

  /** Several new cases at once (a dataset): all or none when they would pass MAX_CASES. */
  async addAll(flowId: string, inputs: TestCaseInput[]): Promise<TestCase[]> {
    const have = await this.redis.hlen(this.key(flowId, 'cases'));
    if (have + inputs.length > MAX_CASES) throw new ConflictError(`A flow has at most ${MAX_CASES} test cases: it has ${have}, the dataset adds ${inputs.length}`, 'too_many_cases');
    const now = Date.now();
    const made = inputs.map((input, i): TestCase => ({ id: `case_${randomUUID().replace(/-/g, '').slice(0, 12)}`, ...input, createdAt: now, updatedAt: now + i }));
    if (made.length) await this.redis.hset(this.key(flowId, 'cases'), ...made.flatMap((c) => [c.id, JSON.stringify(c)]));
    return made;
  }

  async replace(flowId: string, caseId: string, input: TestCaseInput): Promise<TestCase> {
    const found = await this.get(flowId, caseId);
    if (!found) throw new NotFoundError('Test case not found');
    const next: TestCase = { ...found, name: input.name, input: input.input, checks: input.checks, updatedAt: Date.now() };
    if (input.pinned) next.pinned = input.pinned;
    else delete next.pinned;
    await this.redis.hset(this.key(flowId, 'cases'), caseId, JSON.stringify(next));
    return next;
  }

  async delete(flowId: string, caseId: string): Promise<boolean> {
    return (await this.redis.hdel(this.key(flowId, 'cases'), caseId)) === 1;
  }

  async saveSuite(suite: SuiteRun): Promise<void> {
    const multi = this.redis.multi().set(this.key(suite.flowId, `suite:${suite.id}`), JSON.stringify(suite)).zadd(this.key(suite.flowId, 'suites'), suite.startedAt, suite.id);
    await multi.exec();
    if (suite.status === 'completed') await this.redis.srem(this.unfinishedKey, `${suite.flowId} ${suite.id}`);
  }

  private get unfinishedKey(): string {
    return `${this.prefix}tests:unfinished`;
  }

  /** Suite runs that have not ended, as `{flowId, suiteRunId}`; entries of forgotten suites are dropped. */
  async unfinished(): Promise<{ flowId: string; suiteRunId: string }[]> {
    const found: { flowId: string; suiteRunId: string }[] = [];
    for (const entry of await this.redis.smembers(this.unfinishedKey)) {
      const [flowId, suiteRunId] = entry.split(' ');
      if ((await this.suite(flowId, suiteRunId))?.status === 'running') found.push({ flowId, suiteRunId });
      else await this.redis.srem(this.unfinishedKey, entry);
    }
    return found;
  }

  /** Take the lease on driving a suite run for `ms` (false: another server holds it); `renew` only extends one held by `holder`. */
  async lease(flowId: string, suiteRunId: string, holder: string, ms: number, renew = false): Promise<boolean> {
    const key = this.key(flowId, `lease:${suiteRunId}`);
    if (!renew) return (await this.redis.set(key, holder, 'PX', ms, 'NX')) === 'OK';
    return (await this.redis.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0", 1, key, holder, ms)) === 1;
  }

  /** Let go of a suite run's lease held by `holder`. */
  async release(flowId: string, suiteRunId: string, holder: string): Promise<void> {
    await this.redis.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0", 1, this.key(flowId, `lease:${suiteRunId}`), holder);
  }

  /** A new suite run: stored with its cases' run ids marked as test cases; suites past the newest 50 are forgotten. */
  async startSuite(suite: SuiteRun): Promise<void> {
    const marks = suite.cases.flatMap((c) => [c.runId, JSON.stringify({ suiteRunId: suite.id, caseId: c.caseId, name: c.name } satisfies TestRunMark)]);
    const multi = this.redis.multi().set(this.key(suite.flowId, `suite:${suite.id}`), JSON.stringify(suite)).zadd(this.key(suite.flowId, 'suites'), suite.startedAt, suite.id);
    if (marks.length) multi.hset(this.key(suite.flowId, 'runs'), ...marks);
    await multi.exec();
    await this.redis.sadd(this.unfinishedKey, `${suite.flowId} ${suite.id}`);
    const old = await this.redis.zrange(this.key(suite.flowId, 'suites'), 0, -KEPT_SUITES - 1);
    for (const id of old) {
      const gone = await this.suite(suite.flowId, id);
      const multi = this.redis.multi().del(this.key(suite.flowId, `suite:${id}`)).zrem(this.key(suite.flowId, 'suites'), id);
      if (gone?.cases.length) multi.hdel(this.key(suite.flowId, 'runs'), ...gone.cases.map((c) => c.runId));
      await multi.exec();
      await this.redis.srem(this.unfinishedKey, `${suite.flowId} ${id}`);
    }
  }

  async suite(flowId: string, suiteRunId: string): Promise<SuiteRun | null> {
    const text = await this.redis.get(this.key(flowId, `suite:${suiteRunId}`));
    return text ? (JSON.parse(text) as SuiteRun) : null;
  }

  /** The flow's suite runs, newest first. */
  async suites(flowId: string): Promise<SuiteRun[]> {
    const ids = await this.redis.zrevrange(this.key(flowId, 'suites'), 0, -1);
    if (!ids.length) return [];
    const texts = await this.redis.mget(ids.map((id) => this.key(flowId, `suite:${id}`)));
    return texts.filter((t): t is string => t !== null).map((t) => JSON.parse(t) as SuiteRun);
  }

  /** Which of `runIds` ran a test case, and which. */
  async marks(flowId: string, runIds: string[]): Promise<Map<string, TestRunMark>> {
    const found = new Map<string, TestRunMark>();
    if (!runIds.length) return found;
    const texts = await this.redis.hmget(this.key(flowId, 'runs'), ...runIds);
    texts.forEach((text, i) => text && found.set(runIds[i], JSON.parse(text) as TestRunMark));
    return found;
  }

  async settings(flowId: string): Promise<TestSettings> {
    const text = await this.redis.get(this.key(flowId, 'settings'));
    return text ? (JSON.parse(text) as TestSettings) : { requiredForDeploy: false };
  }

  async saveSettings(flowId: string, settings: TestSettings): Promise<void> {
    await this.redis.set(this.key(flowId, 'settings'), JSON.stringify(settings));
  }

  /** Forget every case and suite of a deleted flow. */
  async deleteAll(flowId: string): Promise<void> {
    const ids = await this.redis.zrange(this.key(flowId, 'suites'), 0, -1);
    if (ids.length) await this.redis.srem(this.unfinishedKey, ...ids.map((id) => `${flowId} ${id}`));
    await this.redis.del(...ids.map((id) => this.key(flowId, `lease:${id}`)), ...ids.map((id) => this.key(flowId, `suite:${id}`)), this.key(flowId, 'suites'), this.key(flowId, 'cases'), this.key(flowId, 'runs'), this.key(flowId, 'settings'));
  }
}
