/**
 * @module runtime/services/stores/usage — a project's usage counters in Redis: one request counter a
 * UTC day (`{prefix}{usage:<projectId>}:requests:<YYYY-MM-DD>`, expiring once the day leaves the
 * 30-day window) and the record count (`{prefix}{usage:<projectId>}:records`). The hash tag keeps
 * a project's counters in one slot, so the Lua steps work on Redis Cluster.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Redis from 'ioredis';
import { TickBatch } from '../../../actors/tick-batch.ts';
import { WINDOW_DAYS, dayOf, windowDays, windowEndSeconds } from '../usage/days.ts';

const countRequestLua = readFileSync(join(import.meta.dirname, 'lua', 'count-request-30.lua'), 'utf8');
const addRecordsLua = readFileSync(join(import.meta.dirname, 'lua', 'add-records-1.lua'), 'utf8');

interface UsageCommands {
  weftCountRequest(...args: (string | number)[]): Promise<[string, number, number][]>;
  weftAddRecords(key: string, added: number, duplicatesDeleted: number, max: number): Promise<[string, number]>;
}

function withUsageCommands(redis: Redis): Redis & UsageCommands {
  const target = redis as Redis & Partial<UsageCommands>;
  if (!target.weftCountRequest) redis.defineCommand('weftCountRequest', { numberOfKeys: WINDOW_DAYS, lua: countRequestLua });
  if (!target.weftAddRecords) redis.defineCommand('weftAddRecords', { numberOfKeys: 1, lua: addRecordsLua });
  return redis as Redis & UsageCommands;
}

/** -1 stands for "no limit" in the Lua steps. */
const limitArg = (limit: number | null) => (limit === null ? -1 : limit);

export interface RequestCount {
  outcome: 'ok' | 'daily' | 'total';
  today: number;
  last30Days: number;
}

/** A request to count; the requests of one turn of the event loop with the same project, day and limits share a command. */
interface Counted {
  projectId: string;
  nowMs: number;
  maxTotal: number | null;
  maxDaily: number | null;
}

export class UsageStore {
  private readonly redis: Redis & UsageCommands;
  /**
   * the requests of one turn of the event loop (setImmediate: a call's count is reached from its
   * own HTTP callback, so a tick holds one) counted in one step a project
   * (lua/count-request-30.lua), each checked in turn
   */
  private readonly capped = new TickBatch<Counted, [string, number, number][]>((_key, requests) => {
    const { projectId, nowMs, maxTotal, maxDaily } = requests[0];
    const keys = windowDays(nowMs).map((day) => this.requestsKey(projectId, day));
    return this.redis.weftCountRequest(...keys, limitArg(maxTotal), limitArg(maxDaily), windowEndSeconds(nowMs), requests.length);
  }, setImmediate);
  /** the requests of unlimited plans counted in one turn, as one INCRBY a day's counter; each item: when that counter expires */
  private readonly uncapped = new TickBatch<number>((key, expiries) => this.redis.multi().incrby(key, expiries.length).expireat(key, expiries[0]).exec(), setImmediate);

  constructor(redis: Redis, private readonly prefix: string) {
    this.redis = withUsageCommands(redis);
  }

  requestsKey(projectId: string, day: string): string {
    return `${this.prefix}{usage:${projectId}}:requests:${day}`;
  }

  recordsKey(projectId: string): string {
    return `${this.prefix}{usage:${projectId}}:records`;
  }

  /**
   * Count one request at `nowMs` unless it passes `maxTotal` (30 days) or `maxDaily` (null: no
   * limit); the requests of one turn of the event loop go as one step, counted as if one after the other.
   */
  async countRequest(projectId: string, nowMs: number, maxTotal: number | null, maxDaily: number | null): Promise<RequestCount> {
    const { reply, index } = await this.capped.add(`${projectId} ${dayOf(nowMs)} ${maxTotal} ${maxDaily}`, { projectId, nowMs, maxTotal, maxDaily });
    const [outcome, today, last30Days] = reply[index];
    return { outcome: outcome as RequestCount['outcome'], today: Number(today), last30Days: Number(last30Days) };
  }

  /** Count one request at `nowMs` of a plan without request limits: nothing to check, so no window to read. */
  async countUncapped(projectId: string, nowMs: number): Promise<void> {
    await this.uncapped.add(this.requestsKey(projectId, dayOf(nowMs)), windowEndSeconds(nowMs));
  }

  /** Today's and the 30-day request counts at `nowMs`. */
  async requests(projectId: string, nowMs: number): Promise<{ today: number; last30Days: number }> {
    const counts = await this.redis.mget(windowDays(nowMs).map((day) => this.requestsKey(projectId, day)));
    const numbers = counts.map((c) => Number(c ?? 0));
    return { today: numbers[0], last30Days: numbers.reduce((a, b) => a + b, 0) };
  }

  /** Adjust the record count by `added - duplicatesDeleted`, refusing growth past `max` (null: no limit). */
  async addRecords(projectId: string, added: number, duplicatesDeleted: number, max: number | null): Promise<{ outcome: 'ok' | 'over'; total: number }> {
    const [outcome, total] = await this.redis.weftAddRecords(this.recordsKey(projectId), added, duplicatesDeleted, limitArg(max));
    return { outcome: outcome as 'ok' | 'over', total: Number(total) };
  }

  async records(projectId: string): Promise<number> {
    return Number((await this.redis.get(this.recordsKey(projectId))) ?? 0);
  }
}
