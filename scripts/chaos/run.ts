/**
 * @module scripts/chaos/run — `npm run chaos [-- --short] [--only <scenario>]`: the chaos scenarios against a weft of
 * its own (one server and several worker processes on a Redis started from redis.conf), a table
 * of figures per scenario and one summary line; exits 1 when a goal is missed.
 */
import { summaryLine, table, type ScenarioResult } from './report.ts';
import { redisKilled } from './redis-killed.ts';
import { workerCrash } from './worker-crash.ts';

const short = process.argv.includes('--short');
const started = Date.now();
const say = (line: string) => console.log(line);
const results: ScenarioResult[] = [];

const scenarios: Record<string, () => Promise<ScenarioResult>> = {
  'worker-crash': () =>
    workerCrash(
      { runs: short ? 5 : 20, workers: 2, kills: short ? 1 : 3, spreadMs: short ? 1500 : 4000, receiverDelayMs: 2000, finishWithinMs: 120_000 },
      say,
    ),
  'redis-killed': () => redisKilled({ runs: short ? 20 : 60, workers: 2, spreadMs: short ? 3000 : 6000, downMs: 1000, finishWithinMs: 120_000 }, say),
};
// `--only <scenario>` runs one
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only !== undefined && !(only in scenarios)) throw new Error(`--only takes one of: ${Object.keys(scenarios).join(', ')}`);
for (const [name, scenario] of Object.entries(scenarios)) if (!only || only === name) results.push(await scenario());

for (const result of results) console.log(`\n${table(result)}`);
console.log(`\n${summaryLine(results, (Date.now() - started) / 1000)}`);
process.exit(results.every((r) => r.passed) ? 0 : 1);
