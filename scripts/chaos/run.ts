/**
 * @module scripts/chaos/run — `npm run chaos [-- --short] [--only <scenario>] [--max-in-flight <n>]`: the chaos scenarios against a weft of
 * its own (one server and several worker processes on a Redis started from redis.conf), a table
 * of figures per scenario and one summary line; exits 1 when a goal is missed.
 */
import { summaryLine, table, type ScenarioResult } from './report.ts';
import { redisKilled } from './redis-killed.ts';
import { noisyNeighbour } from './noisy-neighbour.ts';
import { overload } from './overload.ts';
import { serverKilled } from './server-killed.ts';
import { idempotentRetry } from './idempotent-retry.ts';
import { startSoak } from './soak.ts';
import { workerCrash } from './worker-crash.ts';

const short = process.argv.includes('--short');
const started = Date.now();
const say = (line: string) => console.log(line);
const results: ScenarioResult[] = [];
// `--max-in-flight <n>`: the overload scenario's WEFT_MAX_CALLS_IN_FLIGHT (1000000: shedding off, for a before/after)
const limit = process.argv.includes('--max-in-flight') ? Number(process.argv[process.argv.indexOf('--max-in-flight') + 1]) : undefined;

/**
 * A scenario's result, or one that comes later while the next scenarios run: the soak's, once
 * its runs' retention has passed; the worker crash's, which is mostly the wait for BullMQ's
 * stalled-job check (the lock, 30 s, then the check), once its last worker is killed. Both
 * waits are idle, on clusters of their own.
 */
type Outcome = ScenarioResult | { result: Promise<ScenarioResult> };

const scenarios: Record<string, () => Promise<Outcome>> = {
  soak: () => startSoak({ runs: short ? 1000 : 10_000, workers: 2, clients: 16, retentionSeconds: 60, warmUp: 150 }, say),
  'worker-crash': () =>
    new Promise<Outcome>((ok) => {
      const result: Promise<ScenarioResult> = workerCrash(
        { runs: short ? 5 : 20, workers: 2, kills: short ? 1 : 3, spreadMs: short ? 1500 : 4000, receiverDelayMs: 2000, finishWithinMs: 120_000, afterKills: () => ok({ result }) },
        say,
      );
      result.then(() => ok({ result }), () => ok({ result }));
    }),
  'redis-killed': () => redisKilled({ runs: short ? 20 : 60, workers: 2, spreadMs: short ? 3000 : 6000, downMs: 1000, finishWithinMs: 120_000 }, say),
  'server-killed': () =>
    serverKilled({ runs: short ? 16 : 40, workers: 2, spreadMs: short ? 15_000 : 20_000, killAtMs: 2000, downMs: 1000, callerTimeoutMs: 40_000, finishWithinMs: 90_000 }, say),
  'idempotent-retry': () => idempotentRetry({ callers: short ? 12 : 20, workers: 2, killAtMs: 1500, downMs: 1000, retryForMs: 60_000, finishWithinMs: 60_000 }, say),
  overload: () =>
    overload(
      // --short: the server holds at most 150 calls (not 500), so what it admitted drains in about 12 s
      { workers: 2, callers: 32, measureMs: short ? 4000 : 10_000, overloadMs: short ? 6000 : 20_000, maxInFlight: limit ?? (short ? 150 : undefined), finishWithinMs: 90_000 },
      say,
    ),
  'noisy-neighbour': () => noisyNeighbour({ aloneMs: short ? 3000 : 10_000, floodMs: short ? 10_000 : 20_000, floodRate: 80, projectCalls: 40, loopRate: 2 }, say),
};
// `--only <scenario>` runs one
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only !== undefined && !(only in scenarios)) throw new Error(`--only takes one of: ${Object.keys(scenarios).join(', ')}`);
const later: Promise<ScenarioResult>[] = [];
for (const [name, scenario] of Object.entries(scenarios)) {
  if (only && only !== name) continue;
  const outcome = await scenario();
  if ('result' in outcome) later.push(outcome.result);
  else results.push(outcome);
}
results.push(...(await Promise.all(later)));

for (const result of results) console.log(`\n${table(result)}`);
console.log(`\n${summaryLine(results, (Date.now() - started) / 1000)}`);
process.exit(results.every((r) => r.passed) ? 0 : 1);
