/**
 * @module runtime/integrations/sync/sync-system — the sync jobs of one weft process, wired: the store, the
 * embedded engine's queue and worker, the engines, the deployment hook and the routes. Started
 * by runtime/server.ts in every process that serves production calls (the syncs run flows
 * through them). The data-sync service's engine, when configured, is passed in as
 * `engines.dataSyncService`; new jobs then go to it (`engineFor` decides otherwise).
 */
import { duplicateRedis } from '../actors/redis-connection.ts';
import type { ProjectServiceProviders } from './core/node-services.ts';
import type { ServiceUrls } from '../catalogue/service-urls.ts';
import { randomBytes } from 'node:crypto';
import type Router from '@koa/router';
import type Redis from 'ioredis';
import type { Engine } from '../actors/engine.ts';
import type { ProductionCalls } from './core/calls/production-call.ts';
import type { CatalogueView } from './services/flows/catalogue-view.ts';
import type { Outbound } from './services/outbound/client.ts';
import type { FlowStore } from './services/stores/flows.ts';
import type { UsageLimits } from './services/usage/limits.ts';
import { EmbeddedSyncEngine } from './integrations/sync/embedded/embedded-engine.ts';
import { syncQueue } from './integrations/sync/embedded/sync-queue.ts';
import { runSync, type SyncRunnerDeps } from './integrations/sync/embedded/sync-runner.ts';
import { startSyncWorker } from './integrations/sync/embedded/sync-worker.ts';
import { SYNC_TEXTS, syncRefused } from './integrations/sync/errors.ts';
import { syncCredentials, type SyncCredentialDeps } from './integrations/sync/sync-credentials.ts';
import { SyncJobs, type SyncJobsDeps } from './integrations/sync/sync-jobs.ts';
import { syncRouter } from './http/routes/sync.ts';
import { SyncStore } from './integrations/sync/sync-store.ts';
import type { SyncEngine, SyncEngineName, SyncRunSummary } from './services/sync-sources/types.ts';

/** what an operator (and a test) may set: WeftOptions.sync */
export interface SyncSettings {
  /** how long a sync's lock (and its BullMQ job lock) lasts unless renewed, ms; a killed worker's sync resumes after it; default 30 s */
  lockMs?: number;
  /** syncs one process runs at once; default 4 */
  concurrency?: number;
  /** false: this process keeps jobs (deploys, routes) but runs no syncs; default true */
  worker?: boolean;
  /** more engines (the data-sync service's, when configured) */
  engines?: Partial<Record<Exclude<SyncEngineName, 'embedded'>, SyncEngine>>;
  engineFor?: SyncJobsDeps['engineFor'];
}

export interface SyncSystemDeps extends SyncCredentialDeps {
  redis: Redis;
  prefix: string;
  catalogue: Pick<CatalogueView, 'get'>;
  flows: FlowStore;
  outbound: Outbound;
  serviceUrls?: ServiceUrls;
  /** the providers of the services a source reader may declare (the node runner's) */
  services?: ProjectServiceProviders;
  usage: Pick<UsageLimits, 'checkRecords'>;
  engine: Pick<Engine, 'meta' | 'completeStart'>;
  calls: Pick<ProductionCalls, 'call'>;
  settings?: SyncSettings;
}

export interface SyncSystem {
  jobs: SyncJobs;
  store: SyncStore;
  router: Router;
  /**
   * Run one sync of the flow's job in this process (`npm run sync`), whatever its schedule;
   * null when another sync of the flow is under way. 'Invalid operation' (400) without a job.
   */
  runOnce(flowId: string, signal?: AbortSignal): Promise<SyncRunSummary | null>;
  /** the sync jobs' queue entries by state (waiting, active, delayed, failed), for the metrics */
  jobStates(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

export function startSyncSystem(deps: SyncSystemDeps): SyncSystem {
  const settings = deps.settings ?? {};
  const store = new SyncStore(deps.redis, deps.prefix);
  const credentials = syncCredentials(deps);
  const queue = syncQueue(duplicateRedis(deps.redis, { maxRetriesPerRequest: null }), deps.prefix);
  const embedded = new EmbeddedSyncEngine({ queue, store, credentials });
  const jobs = new SyncJobs({ store, catalogue: deps.catalogue, engines: { ...settings.engines, embedded }, engineFor: settings.engineFor });
  const runner: SyncRunnerDeps = { store, calls: deps.calls, engine: deps.engine, usage: deps.usage, credentials, outbound: deps.outbound, serviceUrls: deps.serviceUrls, services: deps.services, flows: deps.flows, lockMs: settings.lockMs, dropSchedule: (connection) => queue.removeJobScheduler(connection) };
  const worker = settings.worker === false ? null : startSyncWorker(runner, { redis: deps.redis, prefix: deps.prefix, concurrency: settings.concurrency });
  return {
    jobs,
    store,
    router: syncRouter({ flows: deps.flows, jobs }),
    async runOnce(flowId, signal = new AbortController().signal) {
      const job = await store.job(flowId);
      if (!job?.spec || !job.config.connection) throw syncRefused(SYNC_TEXTS.invalidOperation);
      return runSync(runner, { flowId, connection: job.config.connection, trigger: 'manual' }, `sync_${randomBytes(12).toString('hex')}`, signal);
    },
    jobStates: () => queue.getJobCounts('waiting', 'active', 'delayed', 'failed'),
    async close() {
      await worker?.close();
      await queue.close();
      await (queue.opts.connection as Redis).quit().catch(() => undefined);
    },
  };
}
