/**
 * @module actors/testing/crash-starter — a process with a worker that starts ONE run itself (so
 * it runs the run's activations eagerly: actors/eager.ts) for the eager crash test to SIGKILL.
 * The plan and input come as JSON in PLAN and INPUT, engine options (eagerLimit…) in OPTIONS
 * if given; prints the run id.
 */
import { Engine } from '../engine.ts';
import { testExecute } from './test-executor.ts';

const engine = new Engine(
  { redisUrl: process.env.REDIS_URL!, prefix: process.env.WEFT_PREFIX!, lockDurationMs: 1000, ...JSON.parse(process.env.OPTIONS ?? '{}') },
  testExecute,
);
const worker = engine.startWorker(4);
await worker.waitUntilReady();
const runId = await engine.startRun(JSON.parse(process.env.PLAN!), JSON.parse(process.env.INPUT!));
process.stdout.write(`run ${runId}\n`);
