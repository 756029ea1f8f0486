/**
 * @module runtime/integrations/sync/data-sync-service/engine — the SyncEngine that keeps jobs at the
 * data-sync service (spec 001 §4, §7, §8): a job is a source (`sources/create`), the operator's
 * destination and a connection (`web_backend/connections/create`, cron schedule, active) whose
 * first sync is started (`connections/sync`). Creating removes what it made when a later step
 * fails; updating follows the node's SourceReader rules (recreateOn, resyncOn) else changes the
 * schedule and mode; pausing and resuming set the connection's status; deleting removes the
 * connection and the source (`DELETE /api/public/v1/…`, 204 expected).
 */
import { NodeError, isNodeError, userError } from '../../../../catalogue/errors.ts';
import type { CredentialReader } from '../../../../catalogue/types.ts';
import { readerOf as registeredReader } from '../../../services/sync-sources/index.ts';
import { INACTIVE_SYNC_CONFIG, type SourceReader, type SyncConfigRecord, type SyncEngine, type SyncJobSpec, type SyncJobState } from '../../../services/sync-sources/types.ts';
import { connectionStreams, discoveredStreams, inSyncMode, type CatalogStream } from './catalog.ts';
import type { DataSyncClient } from './client.ts';
import type { DataSyncSettings } from './settings.ts';
import { sourceConfigurationOf, type SourceConfiguration } from './source-configurations.ts';
import { SYNC_TEXTS } from './texts.ts';

export interface DataSyncServiceDeps {
  client: DataSyncClient;
  settings: Pick<DataSyncSettings, 'workspaceId' | 'destinationId' | 'sourceDefinitions'>;
  /** the project's credentials, decrypted (OAuth: with a fresh access token) */
  credentialsOf(projectId: string): CredentialReader;
  /** default: runtime/services/sync-sources/index.ts */
  readerOf?(nodeType: string): SourceReader | undefined;
}

/** spec 001 §4: a change of these alone changes the connection's schedule, never the source */
const SCHEDULE_FIELDS = ['nodeName', 'cronExpression', 'syncMode'];

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The spec's text, the service's answer kept as the cause; a passing fault stays retriable. */
function failure(text: string, error?: unknown): NodeError {
  const kind = isNodeError(error) ? error.kind : 'operational';
  return new NodeError(text, kind, { cause: error });
}

export class DataSyncServiceEngine implements SyncEngine {
  readonly name = 'dataSyncService' as const;

  constructor(private readonly deps: DataSyncServiceDeps) {}

  private readerOf(nodeType: string) {
    return (this.deps.readerOf ?? registeredReader)(nodeType);
  }

  private configurationOf(spec: SyncJobSpec): SourceConfiguration {
    const configuration = sourceConfigurationOf(spec.nodeType);
    if (!configuration) throw userError(`${SYNC_TEXTS.createFailed}: ${spec.nodeType} is no data source of the data-sync service`);
    return configuration;
  }

  /** the job's credential, after the node's own checks (spec 001 §5: 'Credentials not found for workflow', …) */
  private async checkedCredential(spec: SyncJobSpec): Promise<Record<string, unknown>> {
    const credential = await this.deps.credentialsOf(spec.projectId).get(spec.credentialName);
    this.readerOf(spec.nodeType)?.check(spec.values, credential);
    return credential;
  }

  /** the source's create and update body (spec 001 §7) */
  private sourceBody(spec: SyncJobSpec, configuration: SourceConfiguration, credential: Record<string, unknown>): Record<string, unknown> {
    const sourceDefinitionId = this.deps.settings.sourceDefinitions[configuration.kind];
    if (!sourceDefinitionId) throw userError(`the data-sync service has no source definition for ${configuration.kind}`);
    return {
      name: `${spec.flowId}-${configuration.kind}`,
      workspaceId: this.deps.settings.workspaceId,
      sourceDefinitionId,
      connectionConfiguration: configuration.connectionConfiguration(spec, credential),
    };
  }

  async create(spec: SyncJobSpec): Promise<SyncConfigRecord> {
    const configuration = this.configurationOf(spec);
    const { setupFailed } = configuration;
    if (!setupFailed) return this.setUp(spec, configuration);
    return this.setUp(spec, configuration).catch((error: unknown) => {
      throw failure(setupFailed(reasonOf(error)), error);
    });
  }

  /** the job's source, connection and first sync; what a failed step made is removed */
  private async setUp(spec: SyncJobSpec, configuration: SourceConfiguration): Promise<SyncConfigRecord> {
    const credential = await this.checkedCredential(spec);
    let sourceId: string;
    try {
      const answer = await this.deps.client.post('/api/v1/sources/create', this.sourceBody(spec, configuration, credential));
      sourceId = idOf(answer.sourceId);
    } catch (error) {
      throw failure(configuration.sourceFailed(spec.flowId, reasonOf(error)), error);
    }
    let connectionId: string | undefined;
    try {
      const streams = await this.discover(sourceId, spec, configuration);
      try {
        connectionId = idOf((await this.deps.client.post('/api/v1/web_backend/connections/create', this.connectionBody(sourceId, spec, streams))).connectionId);
      } catch (error) {
        throw failure(configuration.connectionFailed(spec.flowId, reasonOf(error)), error);
      }
      await this.sync(connectionId, SYNC_TEXTS.runFailed);
    } catch (error) {
      // spec 001 §4: a job that cannot start leaves nothing behind
      await this.removeQuietly({ connection: connectionId ?? null, source: sourceId });
      throw error;
    }
    return { source: sourceId, destination: this.deps.settings.destinationId, connection: connectionId, status: 'active', credentialId: spec.credentialName, engine: this.name };
  }

  private async discover(sourceId: string, spec: SyncJobSpec, configuration: SourceConfiguration): Promise<CatalogStream[]> {
    let streams: CatalogStream[];
    try {
      streams = discoveredStreams(await this.deps.client.post('/api/v1/sources/discover_schema', { sourceId, disable_cache: true }));
    } catch (error) {
      throw failure(SYNC_TEXTS.discoverFailed, error);
    }
    if (streams.length === 0) throw userError(SYNC_TEXTS.discoverFailed);
    return connectionStreams(streams, spec.syncMode, (stream) => configuration.selects?.(stream, spec) ?? true);
  }

  private connectionBody(sourceId: string, spec: SyncJobSpec, streams: CatalogStream[]): Record<string, unknown> {
    return {
      sourceId,
      destinationId: this.deps.settings.destinationId,
      name: `${spec.flowId}-${this.configurationOf(spec).kind}`,
      ...scheduleOf(spec),
      namespaceDefinition: 'destination',
      nonBreakingChangesPreference: 'propagate_columns',
      geography: 'auto',
      syncCatalog: { streams },
      backfillPreference: 'disabled',
      status: 'active',
    };
  }

  /** starts a sync of the connection; its job id */
  private async sync(connectionId: string, text: string): Promise<string> {
    try {
      const answer = await this.deps.client.post('/api/v1/connections/sync', { connectionId });
      return idOf((answer.job as { id?: unknown } | undefined)?.id);
    } catch (error) {
      throw failure(text, error);
    }
  }

  async update(record: SyncConfigRecord, previous: SyncJobSpec, next: SyncJobSpec): Promise<SyncConfigRecord> {
    const changed = changedFields(previous, next);
    const reader = this.readerOf(next.nodeType);
    const recreate = reader ? reader.recreateOn.some((field) => changed.has(field)) : [...changed].some((field) => !SCHEDULE_FIELDS.includes(field));
    if (recreate || !record.source || !record.connection) {
      const created = await this.create(next);
      await this.removeQuietly(record);
      return created;
    }
    const resync = reader?.resyncOn.some((field) => changed.has(field)) ?? false;
    const configuration = this.configurationOf(next);
    const credential = resync ? await this.checkedCredential(next) : {};
    try {
      if (resync) await this.deps.client.post('/api/v1/sources/update', { sourceId: record.source, ...this.sourceBody(next, configuration, credential) });
      await this.updateConnection(record.connection, next);
    } catch (error) {
      throw failure(SYNC_TEXTS.updateFailed, error);
    }
    if (resync) await this.sync(record.connection, SYNC_TEXTS.runFailed);
    return { ...record, status: 'active', credentialId: next.credentialName, engine: this.name };
  }

  /** the schedule and the streams' sync mode, and active again (spec 001 §4) */
  private async updateConnection(connectionId: string, spec: SyncJobSpec): Promise<void> {
    const connection = await this.deps.client.post('/api/v1/connections/get', { connectionId });
    const streams = discoveredStreams({ catalog: connection.syncCatalog }).map((entry) => inSyncMode(entry, spec.syncMode));
    await this.deps.client.post('/api/v1/web_backend/connections/update', { connectionId, ...scheduleOf(spec), syncCatalog: { streams }, status: 'active' });
  }

  pause(record: SyncConfigRecord, _spec?: SyncJobSpec): Promise<SyncConfigRecord> {
    return this.setStatus(record, 'inactive');
  }

  resume(record: SyncConfigRecord, _spec?: SyncJobSpec): Promise<SyncConfigRecord> {
    return this.setStatus(record, 'active');
  }

  private async setStatus(record: SyncConfigRecord, status: 'active' | 'inactive'): Promise<SyncConfigRecord> {
    try {
      await this.deps.client.post('/api/v1/connections/update', { connectionId: idOf(record.connection), status });
    } catch (error) {
      throw failure(SYNC_TEXTS.statusFailed, error);
    }
    return { ...record, status };
  }

  async delete(record: SyncConfigRecord, _spec?: SyncJobSpec): Promise<SyncConfigRecord> {
    try {
      await this.remove(record);
    } catch (error) {
      throw failure(SYNC_TEXTS.deleteFailed, error);
    }
    return { ...INACTIVE_SYNC_CONFIG };
  }

  /** the connection, then the source; the destination is the operator's and stays */
  private async remove(parts: Pick<SyncConfigRecord, 'connection' | 'source'>): Promise<void> {
    if (parts.connection) await this.deps.client.delete(`/api/public/v1/connections/${encodeURIComponent(parts.connection)}`);
    if (parts.source) await this.deps.client.delete(`/api/public/v1/sources/${encodeURIComponent(parts.source)}`);
  }

  /** clearing up after a failure: what cannot be removed is left (the failure said what went wrong) */
  private async removeQuietly(parts: Pick<SyncConfigRecord, 'connection' | 'source'>): Promise<void> {
    await this.remove(parts).catch(() => undefined);
  }

  async runNow(record: SyncConfigRecord, _spec?: SyncJobSpec): Promise<string> {
    if (!record.connection) throw userError(SYNC_TEXTS.startFailed);
    return this.sync(record.connection, SYNC_TEXTS.startFailed);
  }

  async state(record: SyncConfigRecord, spec: SyncJobSpec): Promise<SyncJobState> {
    const base = { flowId: spec.flowId, engine: this.name, config: record, schedule: spec.schedule, lastRun: null, nextRunAt: null, progress: null };
    if (!record.connection) return { ...base, state: 'inactive' };
    const connection = await this.deps.client.post('/api/v1/connections/get', { connectionId: record.connection });
    return { ...base, state: connection.status === 'active' ? 'active' : 'paused' };
  }
}

/** spec 001 §7: scheduleType cron, scheduleData.cron {cronTimeZone, cronExpression} */
function scheduleOf(spec: SyncJobSpec) {
  return { scheduleType: 'cron', scheduleData: { cron: { cronTimeZone: spec.schedule.timeZone, cronExpression: spec.schedule.expression } } };
}

/** the node's fields whose values differ (a new credential name counts as `credentials`) */
export function changedFields(previous: SyncJobSpec, next: SyncJobSpec): Set<string> {
  const names = new Set([...Object.keys(previous.values), ...Object.keys(next.values)]);
  const changed = new Set([...names].filter((name) => JSON.stringify(previous.values[name]) !== JSON.stringify(next.values[name])));
  if (previous.credentialName !== next.credentialName) changed.add('credentials');
  if (previous.schedule.expression !== next.schedule.expression || previous.schedule.timeZone !== next.schedule.timeZone) changed.add('cronExpression');
  if (previous.syncMode !== next.syncMode) changed.add('syncMode');
  return changed;
}

function idOf(value: unknown): string {
  if ((typeof value === 'string' && value) || typeof value === 'number') return String(value);
  throw new NodeError('the data-sync service answered no id', 'operational');
}
