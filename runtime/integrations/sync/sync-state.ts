/**
 * @module runtime/integrations/sync/sync-state — a job's state as the routes, the studio and `npm run sync`
 * show it (`SyncJobState`), from its record, spec, the sync under way and the last one. Both
 * engines answer `state()` through it.
 */
import { nextCronRuns, parseSyncCron } from './cron.ts';
import { cronTextOf } from './job-spec.ts';
import type { SyncProgress } from './sync-store.ts';
import type { SyncConfigRecord, SyncEngineName, SyncJobSpec, SyncJobState, SyncRunSummary } from '../../services/sync-sources/types.ts';

export interface SyncStateParts {
  flowId: string;
  engine: SyncEngineName;
  record: SyncConfigRecord;
  spec: SyncJobSpec | null;
  /** the sync under way, if one runs now (`lastRun` stays the last one that ended) */
  progress: SyncProgress | null;
  lastRun: SyncRunSummary | null;
  now: number;
}

/** inactive: no job; running: a sync under way; paused: the connection inactive; failed: the last sync failed; else active */
export function syncJobStateOf({ flowId, engine, record, spec, progress, lastRun, now }: SyncStateParts): SyncJobState {
  const hasJob = record.connection !== null && spec !== null;
  const state: SyncJobState['state'] = !hasJob
    ? 'inactive'
    : progress
      ? 'running'
      : record.status === 'inactive'
        ? 'paused'
        : lastRun?.status === 'failed'
          ? 'failed'
          : 'active';
  const nextRunAt = hasJob && record.status === 'active' ? (nextCronRuns(parseSyncCron(cronTextOf(spec)), now)[0] ?? null) : null;
  return {
    flowId,
    engine,
    config: record,
    schedule: hasJob ? spec.schedule : null,
    state,
    lastRun,
    nextRunAt,
    progress: progress ? { read: progress.read, written: progress.written, ...(progress.total !== undefined ? { total: progress.total } : {}) } : null,
  };
}
