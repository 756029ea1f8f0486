/**
 * @module runtime/integrations/sync/sync-store — a data-source flow's sync job in Redis. Every key of a flow
 * shares the hash tag `{sync:<flowId>}`, so the Lua steps (runtime/integrations/sync/lua/) touch one slot:
 * - `job`: JSON {config, spec}: the sync config record (spec 001's `airbyte_config`) and the
 *   job's spec as last deployed (the update rules compare against it); after delete the config
 *   is inactive with nulls and the spec null;
 * - `progress`: hash of the sync under way {syncId, trigger, startedAt, batch, cursor, read,
 *   written, total};
 * - `cursor`: JSON, where the next incremental sync starts (the last batch's cursor);
 * - `history`: list of the last 20 syncs' summaries (SyncRunSummary JSON), newest first;
 * - `lock`: the id of the sync that runs now (PX, renewed while it runs).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Redis from 'ioredis';
import { INACTIVE_SYNC_CONFIG, type SyncConfigRecord, type SyncJobSpec, type SyncRunSummary } from '../../services/sync-sources/types.ts';

const lua = (name: string) => readFileSync(join(import.meta.dirname, 'lua', name), 'utf8');
const holdLockLua = lua('hold-sync-lock-1.lua');
const commitBatchLua = lua('commit-sync-batch-3.lua');
const finishSyncLua = lua('finish-sync-3.lua');

interface SyncCommands {
  weftHoldSyncLock(lock: string, syncId: string, ms: number): Promise<number>;
  weftCommitSyncBatch(lock: string, progress: string, cursor: string, syncId: string, batch: number, cursorJson: string, read: number, written: number, incremental: string): Promise<number>;
  weftFinishSync(lock: string, progress: string, history: string, syncId: string, summary: string): Promise<number>;
}

function withSyncCommands(redis: Redis): Redis & SyncCommands {
  const target = redis as Redis & Partial<SyncCommands>;
  if (!target.weftHoldSyncLock) redis.defineCommand('weftHoldSyncLock', { numberOfKeys: 1, lua: holdLockLua });
  if (!target.weftCommitSyncBatch) redis.defineCommand('weftCommitSyncBatch', { numberOfKeys: 3, lua: commitBatchLua });
  if (!target.weftFinishSync) redis.defineCommand('weftFinishSync', { numberOfKeys: 3, lua: finishSyncLua });
  return redis as Redis & SyncCommands;
}

/** the deployed job of a flow: its config record and the spec it was made from */
export interface StoredSyncJob {
  config: SyncConfigRecord;
  spec: SyncJobSpec | null;
}

/** what started a sync */
export type SyncTrigger = 'schedule' | 'deploy' | 'manual';

/** the sync under way, as its progress hash holds it */
export interface SyncProgress {
  syncId: string;
  trigger: SyncTrigger;
  startedAt: number;
  /** the index of the next batch to read */
  batch: number;
  /** where the next batch starts (the last batch's cursor; the sync's first cursor before any batch) */
  cursor: unknown;
  read: number;
  written: number;
  total?: number;
}

const json = (text: string | null | undefined): unknown => (text ? JSON.parse(text) : null);

export class SyncStore {
  private readonly redis: Redis & SyncCommands;

  constructor(redis: Redis, private readonly prefix: string) {
    this.redis = withSyncCommands(redis);
  }

  private key = (flowId: string, part: 'job' | 'progress' | 'cursor' | 'history' | 'lock') => `${this.prefix}{sync:${flowId}}:${part}`;

  async job(flowId: string): Promise<StoredSyncJob | null> {
    return json(await this.redis.get(this.key(flowId, 'job'))) as StoredSyncJob | null;
  }

  /** the flow's sync config record (spec 001 `airbyte_config`); inactive with nulls when it has no job */
  async config(flowId: string): Promise<SyncConfigRecord> {
    return (await this.job(flowId))?.config ?? { ...INACTIVE_SYNC_CONFIG };
  }

  async saveJob(flowId: string, job: StoredSyncJob): Promise<void> {
    await this.redis.set(this.key(flowId, 'job'), JSON.stringify(job));
  }

  /** a deleted job: the record inactive with nulls, the cursor and any sync under way gone (history kept) */
  async deleteJob(flowId: string): Promise<void> {
    await this.redis
      .multi()
      .set(this.key(flowId, 'job'), JSON.stringify({ config: { ...INACTIVE_SYNC_CONFIG }, spec: null } satisfies StoredSyncJob))
      .del(this.key(flowId, 'cursor'), this.key(flowId, 'progress'))
      .exec();
  }

  /** a new source starts from scratch */
  async resetCursor(flowId: string): Promise<void> {
    await this.redis.del(this.key(flowId, 'cursor'));
  }

  async cursor(flowId: string): Promise<unknown> {
    return json(await this.redis.get(this.key(flowId, 'cursor')));
  }

  /** Take (or renew) the flow's lock for `syncId`; false while another sync of the flow holds it. */
  async holdLock(flowId: string, syncId: string, ms: number): Promise<boolean> {
    return (await this.redis.weftHoldSyncLock(this.key(flowId, 'lock'), syncId, ms)) === 1;
  }

  async lockHolder(flowId: string): Promise<string | null> {
    return this.redis.get(this.key(flowId, 'lock'));
  }

  async progress(flowId: string): Promise<SyncProgress | null> {
    const found = await this.redis.hgetall(this.key(flowId, 'progress'));
    if (!found.syncId) return null;
    return {
      syncId: found.syncId,
      trigger: found.trigger as SyncTrigger,
      startedAt: Number(found.startedAt),
      batch: Number(found.batch ?? 0),
      cursor: json(found.cursor),
      read: Number(found.read ?? 0),
      written: Number(found.written ?? 0),
      ...(found.total !== undefined ? { total: Number(found.total) } : {}),
    };
  }

  /** The progress of `syncId`: its own when it is resumed, else a new one starting at `cursor`. */
  async beginSync(flowId: string, syncId: string, trigger: SyncTrigger, cursor: unknown, now: number): Promise<SyncProgress> {
    const found = await this.progress(flowId);
    if (found?.syncId === syncId) return found;
    const fresh: SyncProgress = { syncId, trigger, startedAt: now, batch: 0, cursor, read: 0, written: 0 };
    await this.redis
      .multi()
      .del(this.key(flowId, 'progress'))
      .hset(this.key(flowId, 'progress'), { syncId, trigger, startedAt: now, batch: 0, cursor: JSON.stringify(cursor ?? null), read: 0, written: 0 })
      .exec();
    return fresh;
  }

  async setTotal(flowId: string, total: number): Promise<void> {
    await this.redis.hset(this.key(flowId, 'progress'), 'total', total);
  }

  /** One batch done: false when the sync lost the flow's lock (then nothing is written). */
  async commitBatch(flowId: string, syncId: string, next: { batch: number; cursor: unknown; read: number; written: number; incremental: boolean }): Promise<boolean> {
    const written = await this.redis.weftCommitSyncBatch(
      this.key(flowId, 'lock'), this.key(flowId, 'progress'), this.key(flowId, 'cursor'),
      syncId, next.batch, JSON.stringify(next.cursor ?? null), next.read, next.written, next.incremental ? '1' : '0',
    );
    return written === 1;
  }

  /** The sync ended: its summary joins the history, its progress and lock go. */
  async finishSync(flowId: string, summary: SyncRunSummary): Promise<boolean> {
    const done = await this.redis.weftFinishSync(this.key(flowId, 'lock'), this.key(flowId, 'progress'), this.key(flowId, 'history'), summary.id, JSON.stringify(summary));
    return done === 1;
  }

  /** the last syncs, newest first */
  async history(flowId: string, limit = 20): Promise<SyncRunSummary[]> {
    const items = await this.redis.lrange(this.key(flowId, 'history'), 0, limit - 1);
    return items.map((item) => JSON.parse(item) as SyncRunSummary);
  }

  /** everything of the flow's sync job (the flow was deleted) */
  async forget(flowId: string): Promise<void> {
    await this.redis.del(...(['job', 'progress', 'cursor', 'history', 'lock'] as const).map((part) => this.key(flowId, part)));
  }
}
