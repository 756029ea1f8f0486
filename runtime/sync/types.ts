/**
 * @module runtime/sync/types — the shared shapes of data-source sync jobs (spec 001): a
 * data-source flow (its trigger is a data-source node) owns one sync job made of a source, a
 * destination and a connection; the job's record is the flow's sync config (`airbyte_config`).
 *
 * Two engines keep jobs behind one interface (`SyncEngine`): the embedded engine (BullMQ job
 * schedulers; reads each source itself through its `SourceReader` and runs the flow for each
 * batch) and the data-sync service (Airbyte's API as spec 001 §7 shapes it). Every data-source
 * node registers one `SourceReader` (runtime/sync/sources/), which the embedded engine reads
 * and whose update rules (spec 001 §4) both engines follow.
 */
import type { PostgresAccess } from '../../catalogue/services/postgres.ts';
import type { OutboundClient } from '../../catalogue/outbound.ts';
import type { ServiceName } from '../../catalogue/service-urls.ts';
import type { SyncConfigRecord, SyncEngineName, SyncJobState, SyncSchedule } from '../../contract/sync.ts';

// the wire shapes (what the routes answer) live in contract/sync.ts; the runtime imports them from here as well
export { INACTIVE_SYNC_CONFIG } from '../../contract/sync.ts';
export type { SyncConfigRecord, SyncEngineName, SyncJobState, SyncRunSummary, SyncSchedule } from '../../contract/sync.ts';

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

/** what a source reader gets for one read */
export interface SourceReadContext {
  projectId: string;
  flowId: string;
  /** the trigger node's values (checked against its definition) */
  values: Record<string, unknown>;
  /** the credential's fields in clear (OAuth: a fresh access token); only inside the worker */
  credential: Record<string, unknown>;
  /** what the last completed batch of the last sync left (null: read from the start; full refresh always gets null) */
  cursor: unknown;
  batchSize: number;
  /** every outbound HTTP call goes through weft's client and its address policy */
  http: OutboundClient;
  /**
   * the base URL of a public service the source calls (catalogue/service-urls.ts, e.g. `graph`),
   * as the server's settings give it; absent: the environment's (WEFT_SERVICE_URL_<NAME>)
   */
  serviceUrl?(name: ServiceName): string;
  /** the server's Postgres databases (under its outbound address policy), for the Postgres source */
  postgres?: PostgresAccess;
  signal: AbortSignal;
  /** the total, once the source knows it (records or files), for the progress bar */
  total(count: number): void;
}

/**
 * One batch read from a source. The embedded engine starts one run of the flow per element of
 * `runs` (table sources: one run per batch with `{records, stream}`; file sources: one run per
 * document with the spec's outputs, e.g. `{document_key, content, document_url}`), then stores
 * `cursor`, so a worker killed mid-sync resumes after the last batch whose runs were started
 * and starts none of them twice (run ids are derived from the sync and batch).
 */
export interface SourceBatch {
  runs: Record<string, unknown>[];
  /** records in this batch (a table batch counts its rows, a document counts 1) */
  records: number;
  cursor: unknown;
}

export interface SourceReader {
  /** the data-source node's type, e.g. 'postgresTriggerNode' */
  nodeType: string;
  /** spec 001 §4 update rules: a change of any of these fields recreates source and connection */
  recreateOn: readonly string[];
  /** a change of only these (and no recreateOn field) updates the source and starts a sync */
  resyncOn: readonly string[];
  /** checks a job can be set up (spec 001 §5, §8 texts); throws a user error otherwise */
  check(values: Record<string, unknown>, credential: Record<string, unknown>): void;
  read(ctx: SourceReadContext): AsyncIterable<SourceBatch>;
}

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
