/**
 * @module actors/activation-queues — the activations spread over N BullMQ queues, a run's
 * always on the one its run id hashes to. On a single Redis N is 1 by default (queue 0 keeps
 * the prefix `<prefix>bull`, queue k `<prefix>bull<k>`); on a Redis Cluster each queue's prefix
 * is its own hash tag (`{<prefix>bull-<seed>}`), chosen so the queues' slots spread evenly over
 * the slot space, hence over the shards. Workers consume every queue.
 */
import { createHash } from 'node:crypto';
import { Queue, Worker, type JobsOptions, type Processor, type WorkerOptions } from 'bullmq';
import type Redis from 'ioredis';
import type { ActivationJob } from './activation-job.ts';
import { activationQueue } from './keys.ts';
import { keySlot } from './key-slot.ts';
import { clusterNodes, isClusterUrl } from './redis-connection.ts';

/**
 * BullMQ's key prefix of queue `index` of `count`. On a cluster, a hash tag whose slot lies in
 * the index-th of `count` equal slot ranges: as redis-cli gives each master one contiguous
 * range, 3 × masters queues put three queues on every master.
 */
export function queuePrefix(prefix: string, index: number, count: number, cluster: boolean): string {
  if (!cluster) return `${prefix}bull${index ? index : ''}`;
  const from = Math.floor((index * 16384) / count);
  const to = Math.floor(((index + 1) * 16384) / count);
  for (let seed = 0; ; seed++) {
    const tag = `{${prefix}bull-${seed}}`;
    const slot = keySlot(tag);
    if (slot >= from && slot < to) return tag;
  }
}

/** How many queues: `wanted` (1 … 256), else 1 on a single Redis and 3 × the seed nodes of a cluster URL. */
export function activationQueueCount(wanted: number | undefined, redisUrl: string): number {
  const count = wanted ?? (isClusterUrl(redisUrl) ? 3 * clusterNodes(redisUrl).length : 1);
  if (!Number.isInteger(count) || count < 1 || count > 256) throw new Error(`activation queues must be a whole number from 1 to 256, not ${count}`);
  return count;
}

/** The queue (0 … count-1) of run `runId`. */
export function queueIndexOf(runId: string, count: number): number {
  return count === 1 ? 0 : createHash('sha1').update(runId).digest().readUInt32BE(0) % count;
}

export class ActivationQueues {
  readonly queues: Queue<ActivationJob>[];
  readonly prefixes: string[];

  constructor(private readonly connection: Redis, prefix: string, count: number, cluster: boolean, onError: (error: Error) => void) {
    this.prefixes = Array.from({ length: count }, (_, i) => queuePrefix(prefix, i, count, cluster));
    this.queues = this.prefixes.map((queuePrefix) => {
      const queue = new Queue<ActivationJob>(activationQueue, {
        connection,
        prefix: queuePrefix,
        defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
        // BullMQ's own job-event stream (for QueueEvents, 10,000 entries by default): weft never
        // reads it, so it is kept short (trimmed approximately, to about this many)
        streams: { events: { maxLen: 100 } },
      });
      queue.on('error', onError);
      return queue;
    });
  }

  private of(runId: string): Queue<ActivationJob> {
    return this.queues[queueIndexOf(runId, this.queues.length)];
  }

  add(name: string, data: ActivationJob, opts?: JobsOptions): Promise<unknown> {
    return this.of(data.runId).add(name, data, opts);
  }

  /** Add jobs, each to its run's queue (one addBulk a queue). */
  async addBulk(jobs: { name: string; data: ActivationJob; opts?: JobsOptions }[]): Promise<void> {
    const byQueue = new Map<Queue<ActivationJob>, typeof jobs>();
    for (const job of jobs) {
      const queue = this.of(job.data.runId);
      const some = byQueue.get(queue);
      if (some) some.push(job);
      else byQueue.set(queue, [job]);
    }
    await Promise.all([...byQueue].map(([queue, some]) => queue.addBulk(some)));
  }

  /** Jobs waiting for a worker over every queue: waiting, and put back for a moment (actors/fair-processor.ts). */
  async getWaitingCount(): Promise<number> {
    const counts = await Promise.all(
      this.queues.map(async (queue) => {
        const [waiting, putBack] = await Promise.all([queue.getWaitingCount(), this.connection.zcount(putBackKey(queue.qualifiedName), Date.now() - PUT_BACK_COUNTED_MS, '+inf')]);
        return waiting + putBack;
      }),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** Jobs put back for a moment over every queue (of getWaitingCount). */
  async getPutBackCount(): Promise<number> {
    const counts = await Promise.all(this.queues.map((queue) => this.connection.zcount(putBackKey(queue.qualifiedName), Date.now() - PUT_BACK_COUNTED_MS, '+inf')));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** One worker a queue, each on its own `connect()`; `concurrency` is shared out among them (at least 1 each). */
  workers(processor: Processor<ActivationJob>, options: Omit<WorkerOptions, 'connection'> & { concurrency: number }, connect: () => Redis): ActivationWorkers {
    const concurrency = Math.max(1, Math.ceil(options.concurrency / this.prefixes.length));
    return new ActivationWorkers(
      this.prefixes.map((prefix) => new Worker<ActivationJob>(activationQueue, processor, { ...options, connection: connect(), prefix, concurrency })),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}

/** The workers of one startWorker call: one a queue. */
export class ActivationWorkers {
  constructor(readonly all: Worker<ActivationJob>[]) {}

  async waitUntilReady(): Promise<void> {
    await Promise.all(this.all.map((worker) => worker.waitUntilReady()));
  }

  async pause(): Promise<void> {
    await Promise.all(this.all.map((worker) => worker.pause()));
  }

  async close(): Promise<void> {
    await Promise.all(this.all.map((worker) => worker.close()));
  }
}

/**
 * A queue's sorted set of the jobs a worker put back for a moment (actors/fair-processor.ts),
 * scored by when they are due: they wait for a worker as much as the waiting ones do. In the
 * queue's own slot (its qualified name holds the queue's hash tag on a cluster).
 */
export function putBackKey(queueQualifiedName: string): string {
  return `${queueQualifiedName}:putback`;
}

/** A put-back job due longer ago than this is no longer counted (it was taken, its member left behind by a failed ZREM). */
export const PUT_BACK_COUNTED_MS = 10_000;
