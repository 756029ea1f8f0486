/**
 * @module runtime/services/stores/logs — production log records in Redis, per project (hash tag
 * `{logs:<projectId>}`): `records` (hash id → JSON), a time index `all` and one index a flow
 * and a severity (zsets scored by ms). Written with lua/append-logs.lua (the records of a
 * project that one turn of the event loop writes, in one step), which drops records past the
 * retention; every key expires `retention` after its last write. `{prefix}logs:following` (hash
 * run id → the call, JSON) lists the production runs whose record waits for their end, so a
 * restarted server writes what a stopped one could not.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Redis from 'ioredis';
import { TickBatch } from '../../../actors/tick-batch.ts';
import { HashBatch } from './hash-batch.ts';
import type { LogPage, LogQuery, LogRecord, Severity } from '../../../contract/logs.ts';

const appendLogsLua = readFileSync(join(import.meta.dirname, 'lua', 'append-logs.lua'), 'utf8');

interface LogCommands {
  /** numkeys, keys, arguments: lua/append-logs.lua */
  weftAppendLogs(...args: (string | number)[]): Promise<number[]>;
}

export class InvalidCursorError extends Error {}

/** How many index entries one page reads at most before it answers with what it found. */
const scanCap = 2000;
const batchSize = 200;

export const encodeCursor = (ts: number, id: string) => Buffer.from(`${ts}:${id}`).toString('base64url');

export function decodeCursor(cursor: string): { ts: number; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,16}):(log_[0-9a-f]{1,64})$/.exec(text);
  if (!match) throw new InvalidCursorError('Invalid cursor: pass back the nextCursor of a previous page');
  return { ts: Number(match[1]), id: match[2] };
}

export class LogStore {
  private readonly redis: Redis & LogCommands;
  /** the writes of `logs:following` (two a realtime call), gathered per turn of the event loop */
  private readonly followingWrites: HashBatch;
  /** the records of one turn of the event loop, one step a project */
  private readonly appends = new TickBatch<LogRecord, number[]>((_projectId, records) => this.appendAll(records), setImmediate);

  constructor(
    redis: Redis,
    private readonly prefix: string,
    /** seconds a record is kept (WEFT_LOG_RETENTION) */
    readonly retentionSeconds: number,
    /** the most records kept a project */
    readonly maxPerProject = 100_000,
    private readonly now: () => number = Date.now,
  ) {
    if (!(redis as Redis & Partial<LogCommands>).weftAppendLogs) redis.defineCommand('weftAppendLogs', { lua: appendLogsLua });
    this.redis = redis as Redis & LogCommands;
    this.followingWrites = new HashBatch(redis, this.followingKey);
  }

  keys(projectId: string) {
    const base = `${this.prefix}{logs:${projectId}}`;
    return {
      records: `${base}:records`,
      all: `${base}:all`,
      flow: (flowId: string) => `${base}:flow:${flowId}`,
      severity: (severity: Severity) => `${base}:severity:${severity}`,
    };
  }

  /** A new record id; a run's record has an id made from the run id (written once, whoever writes it). */
  static newId(runId?: string | null): string {
    const runHex = runId ? /^run_([0-9a-f]{1,64})$/.exec(runId)?.[1] : undefined;
    return `log_${runHex ?? randomUUID().replace(/-/g, '')}`;
  }

  private get followingKey(): string {
    return `${this.prefix}logs:following`;
  }

  /** Note that a run's record waits for its end (`call` is JSON without secrets); sent with the other calls' of this turn. */
  follow(runId: string, call: string): Promise<void> {
    return this.followingWrites.set(runId, call);
  }

  /** The run's record is written: it waits no more; sent with the other calls' of this turn. */
  followed(runId: string): Promise<void> {
    return this.followingWrites.delete(runId);
  }

  /** Every run whose record still waits, with its call JSON. */
  async following(): Promise<Record<string, string>> {
    return this.redis.hgetall(this.followingKey);
  }

  /** Write a record, with the others of its project this turn; false when a record with its id is there already. */
  async append(record: LogRecord): Promise<boolean> {
    const { reply, index } = await this.appends.add(record.projectId, record);
    return reply[index] !== -1;
  }

  /** records of one project, in one step (lua/append-logs.lua) */
  private appendAll(records: LogRecord[]): Promise<number[]> {
    const keys = this.keys(records[0].projectId);
    const indexes = records.flatMap((record) => [keys.flow(record.flowId), keys.severity(record.severity)]);
    const fields = records.flatMap((record) => [record.id, record.timestamp, JSON.stringify(record)]);
    return this.redis.weftAppendLogs(2 + indexes.length, keys.records, keys.all, ...indexes, this.cutoff(), this.retentionSeconds, this.maxPerProject, ...fields);
  }

  private cutoff(): number {
    return this.now() - this.retentionSeconds * 1000;
  }

  /** Newest first. Throws InvalidCursorError for a cursor this store did not make. */
  async query(projectId: string, query: LogQuery & { limit: number }): Promise<LogPage> {
    const keys = this.keys(projectId);
    // One index narrows the scan; the other filters are checked on each record.
    const index = query.flowId ? keys.flow(query.flowId) : query.severity ? keys.severity(query.severity) : keys.all;
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const max = Math.min(query.to ?? Infinity, after?.ts ?? Infinity);
    const min = Math.max(query.from ?? 0, this.cutoff());
    const items: LogRecord[] = [];
    let scanned = 0;
    let offset = 0;
    let last: { ts: number; id: string } | null = null;
    while (scanned < scanCap) {
      const entries = await this.redis.zrevrangebyscore(index, max === Infinity ? '+inf' : max, min, 'WITHSCORES', 'LIMIT', offset, batchSize);
      if (entries.length === 0) return { items, nextCursor: null };
      offset += entries.length / 2;
      const batch: { id: string; ts: number }[] = [];
      for (let i = 0; i < entries.length; i += 2) {
        const entry = { id: entries[i], ts: Number(entries[i + 1]) };
        // Equal timestamps come in descending id order: skip up to and including the cursor's.
        if (after && entry.ts === after.ts && entry.id >= after.id) continue;
        batch.push(entry);
      }
      const texts = batch.length ? await this.redis.hmget(keys.records, ...batch.map((e) => e.id)) : [];
      for (let i = 0; i < batch.length; i++) {
        scanned++;
        last = batch[i];
        const text = texts[i];
        if (!text) continue;
        const record = JSON.parse(text) as LogRecord;
        if (query.flowId && record.flowId !== query.flowId) continue;
        if (query.severity && record.severity !== query.severity) continue;
        items.push(record);
        if (items.length > query.limit) {
          // one more than asked: there is a next page, starting after the last item shown
          items.pop();
          const shown = items[items.length - 1];
          return { items, nextCursor: encodeCursor(shown.timestamp, shown.id) };
        }
        if (scanned >= scanCap) break;
      }
      if (entries.length / 2 < batchSize) return { items, nextCursor: null };
    }
    // Scanned as far as one page may: the next page goes on from here.
    return { items, nextCursor: encodeCursor(last!.ts, last!.id) };
  }
}
