/**
 * @module scripts/bench — `npm run bench`: starts its own Redis from redis.conf and prints weft's
 * figures beside a raw BullMQ baseline measured in the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedis } from '../redis.ts';
import { bullmqBaseline } from './baseline.ts';
import { engineFigures } from './engine-throughput.ts';
import { fixed, printTable } from './stats.ts';
import { webhookFigures } from './webhook.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-bench-'));
const redis = await startRedis({ dir });
try {
  console.log('measuring the BullMQ baseline…');
  const baseline = await bullmqBaseline(redis.url);
  console.log('measuring engine throughput and hop latency…');
  const engine = await engineFigures(redis.url);
  console.log('measuring webhooks…');
  const hook = await webhookFigures(redis.url);
  const ratio = (n: number) => `${fixed(n / baseline, 2)}×`;
  printTable([
    { what: 'baseline: BullMQ no-op jobs/s (1 worker, concurrency 16)', figure: fixed(baseline), ratio: '1.00×' },
    { what: 'weft activations/s: 200 concurrent runs of a 10-node chain', figure: fixed(engine.chainRate), ratio: ratio(engine.chainRate) },
    { what: 'weft activations/s: fan-out of 50 into one join (40 runs)', figure: fixed(engine.fanRate), ratio: ratio(engine.fanRate) },
    { what: `per-hop latency p50 along a 50-node chain (${engine.hops} hops)`, figure: `${fixed(engine.hopP50, 1)} ms` },
    { what: 'per-hop latency p99 along a 50-node chain', figure: `${fixed(engine.hopP99, 1)} ms` },
    { what: 'webhook → variables → response req/s (32 clients)', figure: fixed(hook.rate), ratio: ratio(hook.rate) },
    { what: 'webhook latency p50', figure: `${fixed(hook.p50, 1)} ms` },
    { what: 'webhook latency p99', figure: `${fixed(hook.p99, 1)} ms` },
  ]);
} finally {
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
