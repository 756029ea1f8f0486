/** @module scripts/bench/baseline — raw BullMQ: no-op jobs per second through one worker at concurrency 16. */
import { Queue, Worker } from 'bullmq';
import Redis from 'ioredis';

export async function bullmqBaseline(redisUrl: string, jobs = 20_000): Promise<number> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue('bench-baseline', { connection, prefix: 'bench', defaultJobOptions: { removeOnComplete: true } });
  let done = 0;
  let finish: () => void = () => {};
  const finished = new Promise<void>((ok) => (finish = ok));
  const worker = new Worker('bench-baseline', async () => {}, { connection: connection.duplicate(), prefix: 'bench', concurrency: 16 });
  worker.on('completed', () => {
    if (++done === jobs) finish();
  });
  await worker.waitUntilReady();
  const started = performance.now();
  for (let i = 0; i < jobs; i += 1000) {
    await queue.addBulk(Array.from({ length: Math.min(1000, jobs - i) }, (_, j) => ({ name: 'noop', data: { i: i + j } })));
  }
  await finished;
  const seconds = (performance.now() - started) / 1000;
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
  return jobs / seconds;
}
