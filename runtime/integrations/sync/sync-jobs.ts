/**
 * @module runtime/integrations/sync/sync-jobs — a data-source flow's sync job as a deployment hook, and the
 * job's actions for the routes (spec 001 §4). Deploying a flow whose trigger has a reader
 * (runtime/services/sync-sources/) creates its job, or updates the deployed one by the update rules
 * (job-spec.ts `changeOf`); a bad cron expression refuses the deploy ('Invalid cron
 * expression', 400). Stopping the flow (or deploying it with another trigger) deletes the job:
 * the record goes back to inactive with nulls. The record (`airbyte_config`) and the spec are
 * stored per flow (sync-store.ts). Which engine keeps a new job: `engineFor` — the data-sync
 * service when one is configured, else the embedded engine; a job stays with the engine that
 * made it until it is made anew.
 */
import type { FlowDocument } from '../../../contract/flow-document.ts';
import type { CatalogueView } from '../../services/flows/catalogue-view.ts';
import type { DeploymentHooks } from '../../services/flows/deployments.ts';
import type { VersionContent } from '../../services/stores/flow-versions.ts';
import { SYNC_TEXTS, syncErrorOf, syncRefused } from './errors.ts';
import { dataSourceTrigger, jobSpecOf } from './job-spec.ts';
import { syncJobStateOf } from './sync-state.ts';
import type { StoredSyncJob, SyncStore } from './sync-store.ts';
import type { SyncConfigRecord, SyncEngine, SyncEngineName, SyncJobSpec, SyncJobState } from '../../services/sync-sources/types.ts';

export interface SyncJobsDeps {
  store: SyncStore;
  catalogue: Pick<CatalogueView, 'get'>;
  /** the engines this server has: always the embedded one; the data-sync service's when configured */
  engines: { embedded: SyncEngine } & Partial<Record<SyncEngineName, SyncEngine>>;
  /** the engine a new job goes to; default the data-sync service when configured, else embedded */
  engineFor?: (spec: SyncJobSpec) => SyncEngineName;
  now?: () => number;
}

export class SyncJobs implements DeploymentHooks {
  constructor(private readonly deps: SyncJobsDeps) {}

  private engineNamed(name: SyncEngineName | undefined): SyncEngine {
    return (name && this.deps.engines[name]) || this.deps.engines.embedded;
  }

  private engineFor(spec: SyncJobSpec): SyncEngine {
    return this.engineNamed(this.deps.engineFor?.(spec) ?? (this.deps.engines.dataSyncService ? 'dataSyncService' : 'embedded'));
  }

  async deploying(flow: FlowDocument, content: VersionContent): Promise<void> {
    const trigger = dataSourceTrigger(content.nodes, this.deps.catalogue);
    if (!trigger) return this.remove(flow.id);
    const next = jobSpecOf(flow, trigger.node, this.deps.catalogue);
    const stored = await this.deps.store.job(flow.id);
    const engine = this.engineFor(next);
    let config: SyncConfigRecord;
    if (stored?.spec && stored.config.connection && this.engineNamed(stored.config.engine).name === engine.name) {
      config = await engine.update(stored.config, stored.spec, next);
    } else {
      if (stored?.spec) await this.remove(flow.id);
      config = await engine.create(next);
    }
    try {
      await this.deps.store.saveJob(flow.id, { config: { ...config, engine: engine.name }, spec: next });
    } catch (error) {
      // spec 001 §4: a create that fails half-way removes what it made
      await engine.delete(config, next).catch(() => undefined);
      throw syncErrorOf(error, SYNC_TEXTS.create);
    }
  }

  async stopped(flow: FlowDocument): Promise<void> {
    await this.remove(flow.id);
  }

  /** Delete the flow's job at its engine and reset the record (a refusal is logged; the flow stops anyway). */
  async remove(flowId: string): Promise<void> {
    const stored = await this.deps.store.job(flowId);
    if (!stored?.spec) return;
    await this.engineNamed(stored.config.engine)
      .delete(stored.config, stored.spec)
      .catch((error: unknown) => console.warn(`weft: could not delete the sync job of flow ${flowId}: ${(error as Error).message}`));
    await this.deps.store.deleteJob(flowId);
  }

  /** the flow's job, or 'Invalid operation' (400) when it has none */
  private async deployed(flowId: string): Promise<StoredSyncJob & { spec: SyncJobSpec }> {
    const stored = await this.deps.store.job(flowId);
    if (!stored?.spec || !stored.config.connection) throw syncRefused(SYNC_TEXTS.invalidOperation);
    return stored as StoredSyncJob & { spec: SyncJobSpec };
  }

  async state(flowId: string): Promise<SyncJobState> {
    const stored = await this.deps.store.job(flowId);
    if (stored?.spec && stored.config.connection) return this.engineNamed(stored.config.engine).state(stored.config, stored.spec);
    const [lastRun] = await this.deps.store.history(flowId, 1);
    const record = stored?.config ?? (await this.deps.store.config(flowId));
    return syncJobStateOf({ flowId, engine: this.engineNamed(record.engine).name, record, spec: null, progress: null, lastRun: lastRun ?? null, now: (this.deps.now ?? Date.now)() });
  }

  async pause(flowId: string): Promise<SyncJobState> {
    const { config, spec } = await this.deployed(flowId);
    const paused = await this.engineNamed(config.engine).pause(config, spec);
    await this.deps.store.saveJob(flowId, { config: paused, spec });
    return this.state(flowId);
  }

  async resume(flowId: string): Promise<SyncJobState> {
    const { config, spec } = await this.deployed(flowId);
    const resumed = await this.engineNamed(config.engine).resume(config, spec);
    await this.deps.store.saveJob(flowId, { config: resumed, spec });
    return this.state(flowId);
  }

  /** start a sync now (a sync under way answers its own id) */
  async runNow(flowId: string): Promise<string> {
    const { config, spec } = await this.deployed(flowId);
    return this.engineNamed(config.engine).runNow(config, spec);
  }
}
