/**
 * @module scripts/bench/peers/interleaved — `npx tsx scripts/bench/peers/interleaved.ts [--base <dir>]
 * [--rounds 5] [--seconds 5]`: the peers bench for a shared, busy machine. Node-RED, this weft and
 * (with `--base`) the weft of another checkout (e.g. `git archive <commit>` unpacked, with
 * node_modules) all run at once, idle but one: the load visits them in turn, `seconds` each, for
 * `rounds` rounds, so drift in the machine's speed lands on every target alike. Prints each
 * target's median req/s and p50 over the rounds and the median of the per-round ratios to Node-RED.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { closedLoop } from '../load.ts';
import { fixed, median, percentile, times } from '../stats.ts';
import { assertGreets, request, wrongAnswer } from './job.ts';
import { startNodeRed } from './node-red.ts';
import { stopAll } from './processes.ts';
import { startWeftPeer } from './weft.ts';

const { values } = parseArgs({ options: { base: { type: 'string' }, rounds: { type: 'string' }, seconds: { type: 'string' } } });
const rounds = Number(values.rounds ?? 5);
const seconds = Number(values.seconds ?? 5);

interface Target {
  label: string;
  url: string;
  headers: Record<string, string>;
  rates: number[];
  p50s: number[];
}

const load = (t: Target, s: number) =>
  closedLoop({ url: t.url, headers: t.headers, body: () => request, check: (a, _i, r) => wrongAnswer(r.status, r.headers.get('content-type'), a) }, 32, { seconds: s });

/** the other checkout's stopAll: its processes are in its own module's list */
let stopBase = async () => {};

try {
  const red = await startNodeRed();
  const ours = await startWeftPeer();
  const targets: Target[] = [
    { label: `Node-RED ${red.version}`, url: red.url, headers: {}, rates: [], p50s: [] },
    { label: 'weft (this checkout)', url: ours.hook, headers: ours.headers, rates: [], p50s: [] },
  ];
  if (values.base) {
    const dir = resolve(values.base);
    const { startWeftPeer: startBase } = (await import(join(dir, 'scripts/bench/peers/weft.ts'))) as { startWeftPeer: typeof startWeftPeer };
    ({ stopAll: stopBase } = (await import(join(dir, 'scripts/bench/peers/processes.ts'))) as { stopAll: typeof stopAll });
    const base = await startBase();
    targets.push({ label: `weft (${dir})`, url: base.hook, headers: base.headers, rates: [], p50s: [] });
  }
  for (const t of targets) {
    await assertGreets(t.label, t.url, t.headers);
    await load(t, 2);
  }
  for (let round = 1; round <= rounds; round++) {
    for (const t of targets) {
      const run = await load(t, seconds);
      t.rates.push(run.requests / run.seconds);
      t.p50s.push(percentile(run.latencies, 50));
    }
    console.log(`round ${round}: ${targets.map((t) => `${t.label} ${fixed(t.rates.at(-1)!)} req/s p50 ${fixed(t.p50s.at(-1)!, 1)} ms`).join('; ')}`);
  }
  const [redT] = targets;
  console.log('\n| target | req/s (median) | p50 ms (median) | ÷ Node-RED req/s (median of rounds) |\n| --- | ---: | ---: | ---: |');
  for (const t of targets) {
    const ratio = median(t.rates.map((rate, i) => rate / redT.rates[i]));
    console.log(`| ${t.label} | ${fixed(median(t.rates))} | ${fixed(median(t.p50s), 1)} | ${times(ratio)} |`);
  }
} finally {
  await stopAll();
  await stopBase();
}
process.exit(0);
