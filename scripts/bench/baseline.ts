/**
 * @module scripts/bench/baseline — raw BullMQ, the yardstick weft is compared with: no-op jobs
 * per second through one worker at concurrency 16, and the latency of a job that adds the next.
 */
import { Queue, Worker, type Processor } from 'bullmq';
import Redis from 'ioredis';

const concurrency = 16;

interface OpenQueue {
  queue: Queue;
  close(): Promise<void>;
}

/** A queue and one worker running `processor` on it (removeOnComplete, as weft's jobs). */
async function openQueue(redisUrl: string, name: string, processor: (queue: Queue) => Processor): Promise<OpenQueue> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection, prefix: 'baseline', defaultJobOptions: { removeOnComplete: true, removeOnFail: true } });
  const worker = new Worker(name, processor(queue), { connection: connection.duplicate(), prefix: 'baseline', concurrency });
  await worker.waitUntilReady();
  return {
    queue,
    async close() {
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
    },
  };
}

export interface BaselineThroughput {
  /** add `jobs` no-op jobs with addBulk; resolves to jobs per second, timed until all completed */
  round(): Promise<number>;
  close(): Promise<void>;
}

/** Raw BullMQ throughput, a round at a time (so its rounds can alternate with weft's). */
export async function openBaselineThroughput(redisUrl: string, jobs: number): Promise<BaselineThroughput> {
  let completed = 0;
  let done: () => void = () => {};
  const { queue, close } = await openQueue(redisUrl, 'throughput', () => async () => {
    if (++completed === jobs) done();
  });
  return {
    async round() {
      completed = 0;
      const finished = new Promise<void>((ok) => (done = ok));
      const started = performance.now();
      for (let i = 0; i < jobs; i += 1000) {
        await queue.addBulk(Array.from({ length: Math.min(1000, jobs - i) }, (_, j) => ({ name: 'noop', data: { i: i + j } })));
      }
      await finished;
      return jobs / ((performance.now() - started) / 1000);
    },
    close,
  };
}

/**
 * Hop latencies in ms: chains of `length` jobs where each job's processor adds the next one;
 * a hop is processor entry of job i → processor entry of job i+1 (performance.now()), the
 * same points weft's hop latency is measured between.
 */
export async function bullmqHops(redisUrl: string, length: number, chains: number): Promise<number[]> {
  const hops: number[] = [];
  let previous = 0;
  let done: () => void = () => {};
  const processor = (queue: Queue): Processor => async (job) => {
    const now = performance.now();
    const step = job.data.step as number;
    if (step > 0) hops.push(now - previous);
    previous = now;
    if (step + 1 < length) await queue.add('noop', { chain: job.data.chain, step: step + 1 });
    else done();
  };
  const { queue, close } = await openQueue(redisUrl, 'hops', processor);
  try {
    for (let chain = 0; chain < chains; chain++) {
      const finished = new Promise<void>((ok) => (done = ok));
      await queue.add('noop', { chain, step: 0 });
      await finished;
    }
    return hops;
  } finally {
    await close();
  }
}
