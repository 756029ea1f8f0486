/**
 * @module scripts/bench/baseline — raw BullMQ, the yardstick weft is compared with: no-op jobs
 * per second through one worker at concurrency 16, and the latency of a job that adds the next.
 */
import { Queue, Worker, type Processor } from 'bullmq';
import Redis from 'ioredis';

const concurrency = 16;

async function withQueue<T>(
  redisUrl: string,
  name: string,
  processor: (queue: Queue) => Processor,
  use: (queue: Queue) => Promise<T>,
): Promise<T> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection, prefix: 'baseline', defaultJobOptions: { removeOnComplete: true, removeOnFail: true } });
  const worker = new Worker(name, processor(queue), { connection: connection.duplicate(), prefix: 'baseline', concurrency });
  try {
    await worker.waitUntilReady();
    return await use(queue);
  } finally {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
  }
}

/** Jobs per second, one figure per round: `jobs` no-op jobs added with addBulk, timed until all completed. */
export async function bullmqThroughput(redisUrl: string, jobs: number, rounds: number): Promise<number[]> {
  let completed = 0;
  let target = 0;
  let done: () => void = () => {};
  const processor = () => async () => {
    if (++completed === target) done();
  };
  return withQueue(redisUrl, 'throughput', processor, async (queue) => {
    const rates: number[] = [];
    // round -1 warms up (scripts loaded, JIT warm) and is not counted
    for (let round = -1; round < rounds; round++) {
      completed = 0;
      target = jobs;
      const finished = new Promise<void>((ok) => (done = ok));
      const started = performance.now();
      for (let i = 0; i < jobs; i += 1000) {
        await queue.addBulk(Array.from({ length: Math.min(1000, jobs - i) }, (_, j) => ({ name: 'noop', data: { i: i + j } })));
      }
      await finished;
      if (round >= 0) rates.push(jobs / ((performance.now() - started) / 1000));
    }
    return rates;
  });
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
  return withQueue(redisUrl, 'hops', processor, async (queue) => {
    for (let chain = 0; chain < chains; chain++) {
      const finished = new Promise<void>((ok) => (done = ok));
      await queue.add('noop', { chain, step: 0 });
      await finished;
    }
    return hops;
  });
}
