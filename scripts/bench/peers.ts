/**
 * @module scripts/bench/peers — `npm run bench:peers [-- --seconds 15 --warmup 3 | --short]`: the
 * peers' job (`POST {"name":"ada"}` → `greeting = "hello " + name` → JSON) against Node-RED
 * (pinned, installed into the OS temp dir) and weft (own Redis, AOF on, API key), one after the
 * other, with the same load generator and settings; prints req/s, p50, p99, RSS after, and weft's
 * ratio. Everything it starts is stopped on exit, Ctrl-C or an error.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { closedLoop, type LoadTarget } from './load.ts';
import { request, wrongAnswer, assertGreets } from './peers/job.ts';
import { startNodeRed } from './peers/node-red.ts';
import { interrupted, rssMb, stopAll } from './peers/processes.ts';
import { startWeftPeer } from './peers/weft.ts';
import { fixed, percentile, times } from './stats.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string' }, warmup: { type: 'string' }, short: { type: 'boolean' } } });
const seconds = Number(values.seconds ?? (values.short ? 3 : 15));
const warmup = Number(values.warmup ?? (values.short ? 1 : 3));
const connections = 32;
if (!(seconds > 0) || !(warmup >= 0)) throw new Error('--seconds must be above 0 and --warmup 0 or more');

interface Measured {
  target: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  rss: number;
  rssDetail: string;
}

/** Check the answer once, warm up, then load for `seconds`; every answer is checked. */
async function load(label: string, url: string, headers: Record<string, string>) {
  await assertGreets(label, url, headers);
  const target: LoadTarget = { url, headers, body: () => request, check: (answer, _i, response) => wrongAnswer(response.status, response.headers.get('content-type'), answer) };
  process.stdout.write(`${label}: ${warmup} s warm-up, ${seconds} s at ${connections} connections… `);
  if (warmup > 0) await closedLoop(target, connections, { seconds: warmup });
  const run = await closedLoop(target, connections, { seconds });
  console.log(`${fixed(run.requests)} requests`);
  return { requestsPerSecond: run.requests / run.seconds, p50: percentile(run.latencies, 50), p99: percentile(run.latencies, 99) };
}

async function nodeRed(): Promise<Measured> {
  const red = await startNodeRed();
  const label = `Node-RED ${red.version}`;
  const figures = await load(label, red.url, {});
  const rss = rssMb(red.process.pid);
  await stopAll();
  return { target: `${label} (in memory, nothing durable)`, ...figures, rss, rssDetail: 'one process' };
}

async function weft(): Promise<Measured> {
  const weft = await startWeftPeer();
  const figures = await load('weft', weft.hook, weft.headers);
  const server = rssMb(weft.process.pid);
  const redis = rssMb(weft.redis.process.pid);
  return {
    target: 'weft (webhook → variables → API response, API key, AOF on)',
    ...figures,
    rss: server + redis,
    rssDetail: `server+workers ${fixed(server)} + Redis ${fixed(redis)}`,
  };
}

function table(red: Measured, ours: Measured): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const cells = (m: Measured) => [m.target, fixed(m.requestsPerSecond), fixed(m.p50, 1), fixed(m.p99, 1), `${fixed(m.rss)} (${m.rssDetail})`];
  return [
    line(['target', 'req/s', 'p50 ms', 'p99 ms', 'RSS MB after']),
    line(['---', '---:', '---:', '---:', '---:']),
    line(cells(red)),
    line(cells(ours)),
    line(['weft ÷ Node-RED', times(ours.requestsPerSecond / red.requestsPerSecond), times(ours.p50 / red.p50), times(ours.p99 / red.p99), times(ours.rss / red.rss)]),
  ].join('\n');
}

let exitCode = 0;
try {
  console.log(`peers bench: Node ${process.version}, ${availableParallelism()} cores, load generator in this process (scripts/bench/load.ts)\n`);
  const red = await nodeRed();
  const ours = await weft();
  console.log(`\n${table(red, ours)}\n`);
  console.log(
    `weft ${times(ours.requestsPerSecond / red.requestsPerSecond)} Node-RED's req/s (${fixed(ours.requestsPerSecond)} vs ${fixed(red.requestsPerSecond)}), ` +
      `p50 ${fixed(ours.p50, 1)} vs ${fixed(red.p50, 1)} ms, RSS ${fixed(ours.rss)} vs ${fixed(red.rss)} MB (${connections} connections, ${seconds} s after ${warmup} s warm-up)`,
  );
} catch (error) {
  if (!interrupted) console.error(`\npeers bench failed: ${error instanceof Error ? error.message : error}`);
  exitCode = 1;
} finally {
  await stopAll();
}
process.exit(exitCode);
