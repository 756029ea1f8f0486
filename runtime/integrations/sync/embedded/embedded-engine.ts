/**
 * @module runtime/integrations/sync/embedded/embedded-engine — the embedded engine (`SyncEngine`): weft keeps
 * the job itself. The source is the data-source node's reader (checked with the node's
 * credential), the destination the flow's runs, the connection a BullMQ job scheduler firing on
 * the job's cron pattern in its time zone (runtime/integrations/sync/embedded/sync-queue.ts); syncs run in
 * the sync worker (sync-worker.ts). Ids are prefixed with the flow id (spec 001 §9); a source
 * and connection made anew get new ids, and a new source starts without a cursor.
 */
import { randomBytes } from 'node:crypto';
import type { Queue } from 'bullmq';
import { parseSyncCron } from '../cron.ts';
import { setupErrorOf, SYNC_TEXTS, syncErrorOf, syncRefused } from '../errors.ts';
import { changeOf, cronTextOf } from '../job-spec.ts';
import { readerOf } from '../../../services/sync-sources/index.ts';
import type { SyncCredentials } from '../sync-credentials.ts';
import { syncJobStateOf } from '../sync-state.ts';
import type { SyncStore, SyncTrigger } from '../sync-store.ts';
import { INACTIVE_SYNC_CONFIG, type SyncConfigRecord, type SyncEngine, type SyncJobSpec, type SyncJobState } from '../../../services/sync-sources/types.ts';
import { specKeyOf, syncJobOptions, type SyncJobData } from './sync-queue.ts';

export interface EmbeddedEngineDeps {
  queue: Queue<SyncJobData>;
  store: SyncStore;
  credentials: SyncCredentials;
  now?: () => number;
}

const suffix = () => randomBytes(4).toString('hex');

export class EmbeddedSyncEngine implements SyncEngine {
  readonly name = 'embedded' as const;

  constructor(private readonly deps: EmbeddedEngineDeps) {}

  /** the source: the reader, checked against the node's values and credential ('Invalid operation' for a node without one) */
  private async checkSource(spec: SyncJobSpec): Promise<string | null> {
    const reader = readerOf(spec.nodeType);
    if (!reader) throw syncRefused(SYNC_TEXTS.invalidOperation);
    const credential = await this.deps.credentials(spec.projectId, spec.credentialName);
    reader.check(spec.values, credential.fields);
    return credential.id;
  }

  private async schedule(connection: string, spec: SyncJobSpec): Promise<void> {
    const cron = parseSyncCron(cronTextOf(spec));
    await this.deps.queue.upsertJobScheduler(connection, { pattern: cron.pattern, tz: cron.timeZone }, {
      name: 'sync',
      data: { flowId: spec.flowId, connection, trigger: 'schedule' },
      opts: syncJobOptions,
    });
  }

  private async unschedule(connection: string | null): Promise<void> {
    if (connection) await this.deps.queue.removeJobScheduler(connection);
  }

  private async enqueue(spec: SyncJobSpec, connection: string, trigger: SyncTrigger): Promise<string> {
    const syncId = `sync_${randomBytes(12).toString('hex')}`;
    const data: SyncJobData = { flowId: spec.flowId, connection, trigger, ...(trigger === 'deploy' ? { specKey: specKeyOf(spec) } : {}) };
    await this.deps.queue.add('sync', data, { jobId: syncId });
    return syncId;
  }

  async create(spec: SyncJobSpec): Promise<SyncConfigRecord> {
    const credentialId = await this.checkSource(spec).catch((error: unknown) => {
      throw setupErrorOf(error);
    });
    const record: SyncConfigRecord = {
      source: `${spec.flowId}-source-${suffix()}`,
      destination: `${spec.flowId}-flow`,
      connection: `${spec.flowId}-connection-${suffix()}`,
      status: 'active',
      credentialId,
      engine: this.name,
    };
    try {
      await this.deps.store.resetCursor(spec.flowId);
      await this.schedule(record.connection!, spec);
    } catch (error) {
      await this.unschedule(record.connection).catch(() => undefined);
      throw syncErrorOf(error, SYNC_TEXTS.create);
    }
    // spec 001 §4: created only when its first sync is started
    await this.enqueue(spec, record.connection!, 'deploy').catch(async (error: unknown) => {
      await this.unschedule(record.connection).catch(() => undefined);
      throw syncErrorOf(error, SYNC_TEXTS.run);
    });
    return record;
  }

  async update(record: SyncConfigRecord, previous: SyncJobSpec, next: SyncJobSpec): Promise<SyncConfigRecord> {
    const reader = readerOf(next.nodeType);
    if (!reader || !record.connection) return this.create(next);
    const change = changeOf(previous, next, reader);
    if (change === 'recreate') {
      const made = await this.create(next);
      await this.unschedule(record.connection).catch(() => undefined);
      return made;
    }
    try {
      const credentialId = change === 'resync' ? await this.checkSource(next) : record.credentialId;
      await this.schedule(record.connection, next);
      if (change === 'resync') await this.enqueue(next, record.connection, 'deploy');
      return { ...record, credentialId, status: 'active', engine: this.name };
    } catch (error) {
      throw syncErrorOf(error, SYNC_TEXTS.update);
    }
  }

  async pause(record: SyncConfigRecord): Promise<SyncConfigRecord> {
    if (!record.connection) throw syncRefused(SYNC_TEXTS.invalidOperation);
    await this.unschedule(record.connection).catch((error: unknown) => {
      throw syncErrorOf(error, SYNC_TEXTS.update);
    });
    return { ...record, status: 'inactive' };
  }

  async resume(record: SyncConfigRecord, spec: SyncJobSpec): Promise<SyncConfigRecord> {
    if (!record.connection) throw syncRefused(SYNC_TEXTS.invalidOperation);
    await this.schedule(record.connection, spec).catch((error: unknown) => {
      throw syncErrorOf(error, SYNC_TEXTS.update);
    });
    return { ...record, status: 'active' };
  }

  async delete(record: SyncConfigRecord): Promise<SyncConfigRecord> {
    await this.unschedule(record.connection);
    return { ...INACTIVE_SYNC_CONFIG };
  }

  /** a sync under way answers its own id; otherwise a new one is queued */
  async runNow(record: SyncConfigRecord, spec: SyncJobSpec): Promise<string> {
    if (!record.connection) throw syncRefused(SYNC_TEXTS.invalidOperation);
    const running = await this.deps.store.lockHolder(spec.flowId);
    if (running) return running;
    return this.enqueue(spec, record.connection, 'manual').catch((error: unknown) => {
      throw syncErrorOf(error, SYNC_TEXTS.run);
    });
  }

  async state(record: SyncConfigRecord, spec: SyncJobSpec): Promise<SyncJobState> {
    const { flowId } = spec;
    const [progress, history, holder] = await Promise.all([this.deps.store.progress(flowId), this.deps.store.history(flowId, 1), this.deps.store.lockHolder(flowId)]);
    return syncJobStateOf({ flowId, engine: this.name, record, spec, progress: holder && progress?.syncId === holder ? progress : null, lastRun: history[0] ?? null, now: (this.deps.now ?? Date.now)() });
  }
}
