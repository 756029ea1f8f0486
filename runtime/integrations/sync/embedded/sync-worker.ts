/**
 * @module runtime/integrations/sync/embedded/sync-worker — the BullMQ worker that runs the embedded engine's
 * syncs (runtime/integrations/sync/embedded/sync-runner.ts), in every process that serves production calls.
 * Closing it interrupts the syncs under way: their attempts fail and are retried by another
 * worker (or this one after a restart), which resumes them at their last stored batch.
 */
import { Worker } from 'bullmq';
import type Redis from 'ioredis';
import { duplicateRedis } from '../../../../actors/redis-connection.ts';
import { isRedisUnreachable, redisOutage } from '../../../../actors/redis-outage.ts';
import { runSync, type SyncRunnerDeps } from './sync-runner.ts';
import { SYNC_QUEUE, syncQueueOptions, type SyncJobData } from './sync-queue.ts';

export interface SyncWorkerOptions {
  redis: Redis;
  prefix: string;
  /** syncs one process runs at once; default 4 */
  concurrency?: number;
}

export interface SyncWorker {
  worker: Worker<SyncJobData>;
  close(): Promise<void>;
}

export function startSyncWorker(deps: SyncRunnerDeps, options: SyncWorkerOptions): SyncWorker {
  const closing = new AbortController();
  const lockMs = deps.lockMs ?? 30_000;
  const worker = new Worker<SyncJobData>(SYNC_QUEUE, (job) => runSync(deps, job.data, job.id!, closing.signal), {
    ...syncQueueOptions(redisOutage.watch(duplicateRedis(options.redis, { maxRetriesPerRequest: null })), options.prefix),
    concurrency: options.concurrency ?? 4,
    // a killed worker's sync is handed on once its lock expires (stalled), as often as it takes
    lockDuration: lockMs,
    stalledInterval: lockMs,
    maxStalledCount: 100,
  });
  worker.on('error', (error) => isRedisUnreachable(error) || console.error('[weft sync worker]', error.message));
  return {
    worker,
    async close() {
      closing.abort(new Error('The sync worker stopped'));
      await worker.close();
      await (worker.opts.connection as Redis).quit().catch(() => undefined);
    },
  };
}
