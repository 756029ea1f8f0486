/**
 * @module runtime/integrations/sync/embedded/sync-runner — one sync of a data-source flow, as the embedded
 * engine's worker runs it: hold the flow's sync lock (one sync of a flow at a time, in any
 * worker), read the source's batches from the cursor (incremental: where the last sync stopped;
 * full refresh: the start), and for each element of a batch's `runs` start one production run
 * of the flow (door `sync`, async) whose id is derived from (flow, sync, batch, element); then
 * store the batch's cursor. A worker killed mid-batch leaves the cursor before that batch: the
 * worker that resumes the sync reads the batch again, and its runs that were started already
 * exist under the same ids, so none starts twice and none is lost. Before a batch's runs the
 * project's record limit is checked (spec 000 §9: the nodes that store the records count them).
 */
import type { ServiceUrls } from '../../../../catalogue/service-urls.ts';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Engine } from '../../../../actors/engine.ts';
import type { ProjectServiceProviders } from '../../../core/node-services.ts';
import { isNodeError } from '../../../../catalogue/errors.ts';
import type { ProductionCalls } from '../../../core/calls/production-call.ts';
import { DomainError } from '../../../services/domain-errors.ts';
import type { Outbound } from '../../../services/outbound/client.ts';
import type { FlowStore } from '../../../services/stores/flows.ts';
import type { UsageLimits } from '../../../services/usage/limits.ts';
import { inCronYears, parseSyncCron } from '../cron.ts';
import { SYNC_TEXTS } from '../errors.ts';
import { cronTextOf, isFullRefresh } from '../job-spec.ts';
import { readerContext } from '../reader-context.ts';
import { readerOf } from '../../../services/sync-sources/index.ts';
import type { SyncCredentials } from '../sync-credentials.ts';
import type { SyncProgress, SyncStore } from '../sync-store.ts';
import type { SyncJobSpec, SyncRunSummary } from '../../../services/sync-sources/types.ts';
import { specKeyOf, type SyncJobData } from './sync-queue.ts';

export interface SyncRunnerDeps {
  store: SyncStore;
  calls: Pick<ProductionCalls, 'call'>;
  engine: Pick<Engine, 'meta' | 'completeStart'>;
  usage: Pick<UsageLimits, 'checkRecords'>;
  credentials: SyncCredentials;
  outbound: Pick<Outbound, 'request'>;
  /** the server's base URLs of the services readers call (tests point them at loopback) */
  serviceUrls?: ServiceUrls;
  /** the providers of the services a reader may declare (the node runner's, runtime/core/node-services.ts) */
  services?: ProjectServiceProviders;
  flows: Pick<FlowStore, 'get'>;
  /** how long the flow's sync lock lasts unless renewed (ms); default 30 s */
  lockMs?: number;
  /** how long a deploy's first sync waits for the flow to go live (ms); default 10 s */
  liveWaitMs?: number;
  /** drop the job scheduler of a deleted flow (the embedded engine's queue) */
  dropSchedule?: (connection: string) => Promise<unknown>;
  now?: () => number;
}

/** the run of one element of one batch of one sync: the same on every attempt */
export function syncRunId(flowId: string, syncId: string, batch: number, element: number): string {
  return `run_${createHash('sha256').update(`${flowId}\n${syncId}\n${batch}\n${element}`).digest('hex').slice(0, 32)}`;
}

/** the sync lost its lock (another worker took it over): it stops without a word */
class LockLost extends Error {}

/** the sync of a job that was deleted, remade or stopped meanwhile: it ends where it is */
class JobGone extends Error {}

/**
 * Run (or resume) the sync `syncId`. Resolves to its summary, or null when it did not run: the
 * job is gone, paused (a scheduled sync), out of its cron years, or another sync of the flow
 * holds the lock. Throws only when it was interrupted (`signal`) or lost its lock, so its
 * BullMQ attempt fails and the sync is resumed later.
 */
export async function runSync(deps: SyncRunnerDeps, data: SyncJobData, syncId: string, signal: AbortSignal): Promise<SyncRunSummary | null> {
  const now = deps.now ?? Date.now;
  const lockMs = deps.lockMs ?? 30_000;
  const { flowId } = data;
  const spec = await liveSpec(deps, data);
  if (!spec) return null;
  if (data.trigger === 'schedule' && !inCronYears(parseSyncCron(cronTextOf(spec)), now())) return null;
  if (!(await deps.store.holdLock(flowId, syncId, lockMs))) return null;
  const startCursor = isFullRefresh(spec.syncMode) ? null : await deps.store.cursor(flowId);
  const progress = await deps.store.beginSync(flowId, syncId, data.trigger, startCursor, now());
  const interrupted = new AbortController();
  const stop = () => interrupted.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  const renew = setInterval(() => {
    deps.store.holdLock(flowId, syncId, lockMs).then((held) => held || interrupted.abort(new LockLost())).catch(() => undefined);
  }, Math.max(100, Math.floor(lockMs / 3)));
  const summary: SyncRunSummary = { id: syncId, startedAt: progress.startedAt, status: 'running', recordsRead: progress.read, recordsWritten: progress.written };
  try {
    await readBatches(deps, spec, data, progress, summary, interrupted.signal);
    summary.status = 'succeeded';
  } catch (error) {
    if (interrupted.signal.aborted || error instanceof LockLost) throw interrupted.signal.reason ?? error;
    summary.status = 'failed';
    summary.error = error instanceof JobGone ? error.message : failureText(error);
  } finally {
    clearInterval(renew);
    signal.removeEventListener('abort', stop);
  }
  summary.endedAt = now();
  await deps.store.finishSync(flowId, summary);
  return summary;
}

/**
 * The job's spec when the sync should run: the job is there, its connection the sync's, the
 * flow active, and a scheduled sync's job not paused. A deploy's sync is queued before the
 * deploy stores the spec and releases the version: it waits to see its own spec stored.
 */
async function liveSpec(deps: SyncRunnerDeps, data: SyncJobData): Promise<SyncJobSpec | null> {
  const waitUntil = (deps.now ?? Date.now)() + (data.trigger === 'deploy' ? (deps.liveWaitMs ?? 10_000) : 0);
  for (;;) {
    const job = await deps.store.job(data.flowId);
    const flow = await deps.flows.get(data.flowId);
    if (!flow && data.trigger === 'schedule') {
      // the flow was deleted: its job goes with it
      await deps.dropSchedule?.(data.connection);
      await deps.store.forget(data.flowId);
      return null;
    }
    const current = job?.spec && job.config.connection === data.connection && (!data.specKey || specKeyOf(job.spec) === data.specKey);
    if (current && flow?.status === 'active' && (data.trigger !== 'schedule' || job.config.status === 'active')) return job.spec;
    // a deploy's first sync is queued before the flow goes live: it waits for it
    if ((deps.now ?? Date.now)() >= waitUntil) return null;
    await sleep(100);
  }
}

async function readBatches(deps: SyncRunnerDeps, spec: SyncJobSpec, data: SyncJobData, progress: SyncProgress, summary: SyncRunSummary, signal: AbortSignal): Promise<void> {
  const { flowId, projectId } = spec;
  const reader = readerOf(spec.nodeType);
  if (!reader) throw new JobGone(SYNC_TEXTS.run);
  const batches = reader.read(
    await readerContext(deps, reader, spec, {
      cursor: progress.cursor,
      idempotencyKey: `weft/sync/${flowId}/${progress.syncId}`,
      signal,
      total: (count) => void deps.store.setTotal(flowId, progress.read + count).catch(() => undefined),
    }),
  );
  let batch = progress.batch;
  for await (const read of batches) {
    signal.throwIfAborted();
    const job = await deps.store.job(flowId);
    if (job?.config.connection !== data.connection) throw new JobGone(SYNC_TEXTS.run);
    await deps.usage.checkRecords(projectId, read.records);
    for (const [element, input] of read.runs.entries()) {
      signal.throwIfAborted();
      const runId = syncRunId(flowId, progress.syncId, batch, element);
      // started before a crash: the same run, not a second one (a start the crash cut short is completed)
      const started = await deps.engine.meta(runId);
      if (started) {
        await deps.engine.completeStart(started);
        continue;
      }
      await deps.calls.call({
        flowId,
        runId,
        policy: { door: 'sync', access: { by: 'project', projectId }, waitMs: 0, late: 'follow' },
        input: () => input,
        request: { method: 'SYNC', path: `/sync/${flowId}`, body: { syncId: progress.syncId, batch, element } },
        variant: (admitted) => ({ plan: admitted.compiled.plan, async: true }),
      });
    }
    if (!(await deps.store.commitBatch(flowId, progress.syncId, { batch: batch + 1, cursor: read.cursor, read: read.records, written: read.records, incremental: !isFullRefresh(spec.syncMode) }))) {
      throw new LockLost();
    }
    batch++;
    summary.recordsRead += read.records;
    summary.recordsWritten += read.records;
  }
}

/** what a failed sync records: the spec's or the source's own words; weft's defects as 'Unable to run the job' */
function failureText(error: unknown): string {
  if (isNodeError(error) || error instanceof DomainError) return error.message;
  console.error('weft: a sync failed:', error);
  return SYNC_TEXTS.run;
}
