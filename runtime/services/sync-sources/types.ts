/**
 * @module runtime/integrations/sync/types — the shared shapes of data-source sync jobs (spec 001): a
 * data-source flow (its trigger is a data-source node) owns one sync job made of a source, a
 * destination and a connection; the job's record is the flow's sync config (`airbyte_config`).
 *
 * Two engines keep jobs behind one interface (`SyncEngine`): the embedded engine (BullMQ job
 * schedulers; reads each source itself through its `SourceReader` and runs the flow for each
 * batch) and the data-sync service (Airbyte's API as spec 001 §7 shapes it). Every data-source
 * node registers one `SourceReader` (runtime/services/sync-sources/), which the embedded engine reads
 * and whose update rules (spec 001 §4) both engines follow.
 */
import type { SyncConfigRecord, SyncEngineName, SyncJobState, SyncSchedule } from '../../../contract/sync.ts';

// the wire shapes (what the routes answer) live in contract/sync.ts; the runtime imports them from here as well
export { INACTIVE_SYNC_CONFIG } from '../../../contract/sync.ts';
export type { SyncConfigRecord, SyncEngineName, SyncJobState, SyncRunSummary, SyncSchedule } from '../../../contract/sync.ts';

/** spec 001's modes, as the nodes' fields store them */
export type SyncMode = 'incremental_append' | 'full_refresh_append' | 'incremental' | 'full_refresh';

/** what a deployed data-source flow asks of its job: the trigger node's checked values */
export interface SyncJobSpec {
  projectId: string;
  flowId: string;
  /** the trigger node: its type names its SourceReader */
  nodeId: string;
  nodeType: string;
  values: Record<string, unknown>;
  /** the credential's name in the project (`values.credentials`) */
  credentialName: string;
  schedule: SyncSchedule;
  syncMode: SyncMode;
}

// a source's reader, in the folder of its data-source node (catalogue/sync-reader.ts)
export type { AnySourceReader, SourceBatch, SourceReadContext, SourceReader } from '../../../catalogue/sync-reader.ts';

/** both engines; each action answers the flow's new sync config record */
export interface SyncEngine {
  readonly name: SyncEngineName;
  /** source, destination, connection (active), then a first sync; removes what it made when a step fails (spec 001 §4) */
  create(spec: SyncJobSpec): Promise<SyncConfigRecord>;
  /** the spec 001 §4 update rules, from the deployed job's spec to the new one */
  update(record: SyncConfigRecord, previous: SyncJobSpec, next: SyncJobSpec): Promise<SyncConfigRecord>;
  pause(record: SyncConfigRecord, spec: SyncJobSpec): Promise<SyncConfigRecord>;
  resume(record: SyncConfigRecord, spec: SyncJobSpec): Promise<SyncConfigRecord>;
  /** removes connection, source and destination; answers INACTIVE_SYNC_CONFIG */
  delete(record: SyncConfigRecord, spec: SyncJobSpec): Promise<SyncConfigRecord>;
  /** starts a sync now; answers its id */
  runNow(record: SyncConfigRecord, spec: SyncJobSpec): Promise<string>;
  state(record: SyncConfigRecord, spec: SyncJobSpec): Promise<SyncJobState>;
}
