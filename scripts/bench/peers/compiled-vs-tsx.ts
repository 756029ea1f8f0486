/**
 * @module scripts/bench/peers/compiled-vs-tsx — `npx tsx scripts/bench/peers/compiled-vs-tsx.ts
 * [--rounds 2 --seconds 10 --warmup 2]`: weft's start as production runs it (dist/server/start.mjs,
 * plain node) against the same start through tsx (scripts/start.ts), alternating, each on its own
 * Redis as the peers bench starts it (./weft.ts: a first start that seeds the demo, then the
 * measured restart). Per mode: the first start's time until it prints its URL (admin made, demo
 * seeded); the restart's until /api/health answers and until it prints its URL; its RSS once ready
 * and after the peers' job under the peers bench's load (32 connections); then each figure's
 * median, and compiled ÷ tsx.
 */
import { type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { closedLoop } from '../load.ts';
import { fixed, percentile, times } from '../stats.ts';
import { assertGreets, request, wrongAnswer } from './job.ts';
import { rssMb, stopAll } from './processes.ts';
import { startWeftPeer } from './weft.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string' }, seconds: { type: 'string' }, warmup: { type: 'string' } } });
const rounds = Number(values.rounds ?? 2);
const seconds = Number(values.seconds ?? 10);
const warmup = Number(values.warmup ?? 2);
if (!(rounds >= 1) || !(seconds > 0) || !(warmup >= 0)) throw new Error('--rounds must be 1 or more, --seconds above 0, --warmup 0 or more');
const connections = 32;
type Mode = 'compiled' | 'tsx';

interface Figures {
  firstReadyMs: number;
  listeningMs: number;
  readyMs: number;
  rssReady: number;
  rssAfter: number;
  requestsPerSecond: number;
}

/** Milliseconds from `since` until `base`/api/health answers (the start's server listens). */
async function listeningAfter(base: string, child: ChildProcess, since: number): Promise<number> {
  while (child.exitCode === null) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return performance.now() - since;
    await sleep(20);
  }
  throw new Error('weft exited before listening');
}

async function measure(mode: Mode): Promise<Figures> {
  const timings: Promise<number>[] = [];
  const weft = await startWeftPeer({
    start: mode,
    onSpawn: ({ child, base, ready, first }) => {
      const since = performance.now();
      if (!first) timings.push(listeningAfter(base, child, since));
      timings.push(ready.then(() => performance.now() - since));
    },
  });
  try {
    const [firstReadyMs, listeningMs, readyMs] = await Promise.all(timings);
    await sleep(1000);
    const rssReady = rssMb(weft.process.pid);
    await assertGreets(`weft (${mode})`, weft.hook, weft.headers);
    const target = { url: weft.hook, headers: weft.headers, body: () => request, check: (answer: unknown, _i: number, response: Response) => wrongAnswer(response.status, response.headers.get('content-type'), answer) };
    if (warmup > 0) await closedLoop(target, connections, { seconds: warmup });
    const run = await closedLoop(target, connections, { seconds });
    return { firstReadyMs, listeningMs, readyMs, rssReady, rssAfter: rssMb(weft.process.pid), requestsPerSecond: run.requests / run.seconds };
  } finally {
    await stopAll();
  }
}

const median = (list: number[]) => percentile(list, 50);
const results: Record<Mode, Figures[]> = { compiled: [], tsx: [] };
try {
  for (let round = 1; round <= rounds; round++) {
    for (const mode of round % 2 ? (['tsx', 'compiled'] as const) : (['compiled', 'tsx'] as const)) {
      const f = await measure(mode);
      results[mode].push(f);
      console.log(
        `round ${round} ${mode}: first start ready ${fixed(f.firstReadyMs)} ms; restart listening ${fixed(f.listeningMs)} ms, ready ${fixed(f.readyMs)} ms, RSS ready ${fixed(f.rssReady)} MB, ` +
          `after ${seconds} s of load ${fixed(f.rssAfter)} MB (${fixed(f.requestsPerSecond)} req/s)`,
      );
    }
  }
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const keys = ['firstReadyMs', 'listeningMs', 'readyMs', 'rssReady', 'rssAfter', 'requestsPerSecond'] as const;
  const medians = (mode: Mode) => keys.map((key) => median(results[mode].map((f) => f[key])));
  const [c, t] = [medians('compiled'), medians('tsx')];
  console.log(`\nmedians of ${rounds} round(s):\n`);
  console.log(line(['start', 'first start ready ms', 'restart listening ms', 'restart ready ms', 'RSS ready MB', 'RSS after load MB', 'req/s']));
  console.log(line(['---', '---:', '---:', '---:', '---:', '---:', '---:']));
  console.log(line(['compiled (node dist/server/start.mjs)', ...c.map((v) => fixed(v))]));
  console.log(line(['tsx (scripts/start.ts)', ...t.map((v) => fixed(v))]));
  console.log(line(['compiled ÷ tsx', ...c.map((v, i) => times(v / t[i]))]));
} finally {
  await stopAll();
}
