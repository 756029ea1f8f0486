/**
 * @module contract/sync — a data-source flow's sync job as the routes answer it (spec 001: the
 * sync config record `airbyte_config`, the job's state, its syncs), for the studio and
 * `npm run sync`. The runtime's own shapes (readers, engines, specs) are runtime/services/sync-sources/types.ts.
 */

/** spec 001 §3 "Sync config record (airbyte_config on the flow)"; after delete: inactive with nulls */
export interface SyncConfigRecord {
  source: string | null;
  destination: string | null;
  connection: string | null;
  status: 'active' | 'inactive';
  credentialId: string | null;
  /** which engine keeps the job ('embedded' unless the data-sync service is configured) */
  engine?: SyncEngineName;
}

export const INACTIVE_SYNC_CONFIG: SyncConfigRecord = { source: null, destination: null, connection: null, status: 'inactive', credentialId: null };

export type SyncEngineName = 'embedded' | 'dataSyncService';

/** a cron expression as spec 001 §5 reads it: the last space-separated token is the time zone */
export interface SyncSchedule {
  expression: string;
  timeZone: string;
}

/** one sync's progress and the job's state, for the studio, the routes and `npm run sync` */
export interface SyncJobState {
  flowId: string;
  engine: SyncEngineName;
  config: SyncConfigRecord;
  schedule: SyncSchedule | null;
  /** 'running' while a sync reads or runs batches */
  state: 'active' | 'paused' | 'running' | 'failed' | 'inactive';
  lastRun: SyncRunSummary | null;
  nextRunAt: number | null;
  /** the sync under way: records read so far, and the total when the source knows it */
  progress: { read: number; written: number; total?: number } | null;
}

export interface SyncRunSummary {
  id: string;
  startedAt: number;
  endedAt?: number;
  status: 'running' | 'succeeded' | 'failed';
  recordsRead: number;
  /** records handed to runs of the flow */
  recordsWritten: number;
  error?: string;
}
