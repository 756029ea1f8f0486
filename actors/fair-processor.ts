/**
 * @module actors/fair-processor — how a worker takes queued activations fairly among projects.
 * BullMQ hands the worker up to `window` jobs at once (twice its slots); each runs in one of the
 * worker's fair slots (actors/fair-slots.ts), so jobs that find no slot free to their project
 * wait in the process, off the slots, while other projects' jobs run. The window keeps
 * room for a project holding none of its jobs as the slots do (actors/fair-slots.ts): a job of
 * a project already holding one while the window is that full goes back to the queue's delayed set for a moment
 * (that is not an attempt; the moment doubles each time the same job goes back, up to 2 s, so
 * a flood does not keep the workers busy taking and putting back), so one project's flood
 * cannot fill the window and leave the others' jobs in Redis.
 */
import { DelayedError, type Job } from 'bullmq';
import type { ActivationJob } from './activation-job.ts';
import { PUT_BACK_COUNTED_MS, putBackKey } from './activation-queues.ts';
import { FairSlots, SHARED_FOR_MS } from './fair-slots.ts';
import type { Pipeline } from './pipeline.ts';
import type { RunStore } from './run-store.ts';

/** How long a job put back for its project's share of the window first waits before it is taken again (doubling, jittered); the most */
const PUT_BACK_MS = 100;
const PUT_BACK_MAX_MS = 2000;

export interface FairProcessor {
  /** the BullMQ worker's concurrency: the jobs it holds at once */
  window: number;
  process(job: Job<ActivationJob>, token?: string): Promise<void>;
}

export function fairProcessor(pipeline: Pipeline, store: RunStore, slots: number): FairProcessor {
  const fair = new FairSlots(slots, { sharedForMs: SHARED_FOR_MS });
  /** the jobs held: taken only when free to the job's project, never waited for */
  const held = new FairSlots(2 * slots);
  return {
    window: held.limit,
    async process(job, token) {
      const project = await store.projectOf(job.data.runId).catch(() => '');
      const key = putBackKey(job.queueQualifiedName);
      if (!held.tryAcquire(project)) {
        const putBack = (job.data.putBack ?? 0) + 1;
        await job.updateData({ ...job.data, putBack });
        const due = Date.now() + Math.min(PUT_BACK_MAX_MS, PUT_BACK_MS * 2 ** (putBack - 1)) * (0.75 + Math.random() / 2);
        await job.moveToDelayed(due, token);
        // counted as waiting for a worker (ActivationQueues.getWaitingCount); members long due are dropped here
        await store.redis.multi().zadd(key, due, job.id!).zremrangebyscore(key, '-inf', Date.now() - PUT_BACK_COUNTED_MS).exec();
        throw new DelayedError();
      }
      if (job.data.putBack) void store.redis.zrem(key, job.id!).catch(() => {});
      try {
        return await fair.run(project, () => pipeline.processQueued(job, token, (wait) => fair.without(project, wait)));
      } finally {
        held.leave(project);
      }
    },
  };
}
