/** @module actors/testing/crash-worker — a worker process for the crash test to SIGKILL. */
import { Engine } from '../engine.ts';
import { testExecute } from './test-executor.ts';

const engine = new Engine(
  { redisUrl: process.env.REDIS_URL!, prefix: process.env.WEFT_PREFIX!, lockDurationMs: 2000 },
  testExecute,
);
const worker = engine.startWorker(4);
await worker.waitUntilReady();
process.stdout.write('ready\n');
