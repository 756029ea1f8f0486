/**
 * @module scripts/bench/peers/run-memory — `npx tsx scripts/bench/peers/run-memory.ts [--runs 5000]`:
 * Redis memory per retained run of the peers' job. Starts weft as `npm run bench:peers` does (its
 * own Redis, the compiled start), makes `runs` calls, and prints Redis's `used_memory` before and
 * after (each call keeps its run's keys for WEFT_RUN_RETENTION and its log record for
 * WEFT_LOG_RETENTION) and the difference a call, beside one call's own keys read with MEMORY USAGE.
 */
import { parseArgs } from 'node:util';
import Redis from 'ioredis';
import { closedLoop } from '../load.ts';
import { request, wrongAnswer } from './job.ts';
import { stopAll } from './processes.ts';
import { startWeftPeer } from './weft.ts';

const { values } = parseArgs({ options: { runs: { type: 'string' } } });
const runs = Number(values.runs ?? 5000);
if (!Number.isInteger(runs) || runs < 100) throw new Error(`--runs must be a whole number of at least 100, not ${values.runs}`);

const usedMemory = async (redis: Redis) => Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
const settle = () => new Promise((ok) => setTimeout(ok, 2000));
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

try {
  const weft = await startWeftPeer();
  const redis = new Redis(weft.redis.url);
  const target = { url: weft.hook, headers: weft.headers, body: () => request, check: (a: unknown, _i: number, r: Response) => wrongAnswer(r.status, r.headers.get('content-type'), a) };
  await closedLoop(target, 8, { requests: 200 });
  await settle();
  const keysBefore = await redis.dbsize();
  const before = await usedMemory(redis);
  const load = await closedLoop(target, 32, { requests: runs });
  await settle();
  const after = await usedMemory(redis);
  const keysAfter = await redis.dbsize();
  // one run's own keys (hash-tagged {run:<id>}): what a run keeps, without its log record
  const [, sample] = await redis.scan('0', 'MATCH', '*{run:*', 'COUNT', 1000);
  const runId = /\{run:([^}]+)\}/.exec(sample[0] ?? '')?.[1];
  let runBytes = 0;
  if (runId) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `*{run:${runId}}*`, 'COUNT', 1000);
      for (const key of keys) runBytes += Number(await redis.memory('USAGE', key));
      cursor = next;
    } while (cursor !== '0');
  }
  redis.disconnect();
  const perCall = (after - before) / load.requests;
  console.log(`weft, the peers' job: ${load.requests} calls in ${load.seconds.toFixed(1)} s`);
  console.log(`Redis used_memory ${(before / 1048576).toFixed(1)} MB → ${(after / 1048576).toFixed(1)} MB, keys ${keysBefore} → ${keysAfter} (${((keysAfter - keysBefore) / load.requests).toFixed(1)} a call)`);
  console.log(`per retained call (run + log record): ${kB(perCall)}; one run's own keys (MEMORY USAGE): ${kB(runBytes)} (${(runBytes / perCall).toFixed(2)}× the call's share)`);
} finally {
  await stopAll();
}
