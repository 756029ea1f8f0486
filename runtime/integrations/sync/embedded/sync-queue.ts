/**
 * @module runtime/integrations/sync/embedded/sync-queue — the BullMQ queue of the embedded engine's syncs
 * (`{prefix}bull:sync:*`, beside the engine's activations). Each active job is one job
 * scheduler, its id the job's connection id, firing `{flowId, connection, trigger: 'schedule'}`
 * on the cron pattern in its time zone; a deploy or "run now" adds one job whose id is the
 * sync's id. A sync interrupted by a shutdown fails its BullMQ attempt and is tried again
 * (resuming where it stopped); a worker killed outright leaves the job stalled, and BullMQ hands
 * it to another worker once its lock expires.
 */
import { createHash } from 'node:crypto';
import { Queue, type JobsOptions } from 'bullmq';
import type Redis from 'ioredis';
import { isCluster } from '../../../../actors/redis-connection.ts';
import { isRedisUnreachable } from '../../../../actors/redis-outage.ts';
import type { SyncTrigger } from '../sync-store.ts';

export const SYNC_QUEUE = 'sync';

export interface SyncJobData {
  flowId: string;
  /** the connection (scheduler) the sync belongs to: a sync of a deleted or remade connection does nothing */
  connection: string;
  trigger: SyncTrigger;
  /** a deploy's sync: the spec it was queued for (specKeyOf), which it waits to see stored */
  specKey?: string;
}

/** a spec's fingerprint: a deploy's first sync runs only once the job's stored spec is the one it was queued for */
export const specKeyOf = (spec: unknown) => createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 16);

/** interrupted attempts (a worker shutting down) are retried; a sync's own failure is recorded, not retried */
export const syncJobOptions: JobsOptions = { attempts: 20, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: true, removeOnFail: true };

/** BullMQ's prefix of the sync queue: on a cluster a hash tag, as every key of a queue must share a slot. */
export const syncQueueOptions = (redis: Redis, prefix: string) => ({ connection: redis, prefix: isCluster(redis) ? `{${prefix}bull-sync}` : `${prefix}bull` });

export function syncQueue(redis: Redis, prefix: string): Queue<SyncJobData> {
  const queue = new Queue<SyncJobData>(SYNC_QUEUE, { ...syncQueueOptions(redis, prefix), defaultJobOptions: syncJobOptions });
  queue.on('error', (error) => isRedisUnreachable(error) || console.error('[weft sync queue]', error.message));
  return queue;
}
