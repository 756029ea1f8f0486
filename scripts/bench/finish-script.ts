/**
 * @module scripts/bench/finish-script — `npx tsx scripts/bench/finish-script.ts [chain|fan]`:
 * Redis time of the engine's finish step alone (the finish function, from INFO commandstats), with no
 * worker, BullMQ or listener around it: far steadier than throughput on a shared machine, so
 * changes to the Lua scripts can be compared call for call. Starts its own Redis.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { finishArgv, startArgv } from '../../actors/actor-calls.ts';
import { frozenNodes } from '../../actors/engine.ts';
import { liveChannel, runKeys } from '../../actors/keys.ts';
import { loadActorFunctions, queueActorCall } from '../../actors/scripts.ts';
import { startRedis } from '../../actors/redis-server.ts';
import { chainPlan, chainOrder, fanInPlan } from './bench-plans.ts';

const fan = process.argv[2] === 'fan';
const plan = fan ? fanInPlan(50) : chainPlan(10);
// the order the engine finishes them in: every source before its targets
const order = fan ? ['trigger_1', ...Array.from({ length: 50 }, (_, i) => `n_${i + 1}`), 'join_1'] : chainOrder(10);
const runs = fan ? 600 : 3000;
const prefix = 'bench-finish:';
const channel = liveChannel(prefix, plan.flowId);
const nodes = frozenNodes(plan);

async function commandStats(redis: Redis): Promise<Map<string, { calls: number; usec: number }>> {
  const info = await redis.info('commandstats');
  return new Map([...info.matchAll(/cmdstat_(\S+):calls=(\d+),usec=(\d+)/g)].map((m) => [m[1], { calls: Number(m[2]), usec: Number(m[3]) }]));
}

/** Start `runs` runs (not measured); resolves to their ids. */
async function startAll(redis: Redis, tag: string): Promise<string[]> {
  const ids = Array.from({ length: runs }, (_, i) => `run_${tag}_${i}`);
  const starts = redis.pipeline();
  for (const runId of ids) {
    const meta = { runId, flowId: plan.flowId, projectId: plan.projectId, version: '1', mode: 'test', hop: '0', trigger: plan.trigger, input: '{}' };
    const call = { runId, trigger: plan.trigger, now: Date.now(), retention: 600, channel, payloadLimit: 2048, meta, nodes };
    queueActorCall(starts, 'start', runKeys(prefix, runId).meta, startArgv(call));
  }
  await starts.exec();
  return ids;
}

/** Finish the runs' nodes in order, every run's node k in one pipeline. */
async function finishAll(redis: Redis, ids: string[]): Promise<void> {
  for (const node of order) {
    const finishes = redis.pipeline();
    for (const runId of ids) {
      const now = Date.now();
      const call = {
        actor: node, node, iteration: '', status: 'completed' as const, output: '{"ok":true}', chosen: '', now, durationMs: 0, code: 200,
        mode: 'route' as const, modeData: '{}', retention: 600, channel, payloadLimit: 2048, fusedStart: now,
      };
      queueActorCall(finishes, 'finish', runKeys(prefix, runId).meta, finishArgv(call));
    }
    const failed = ((await finishes.exec()) ?? []).find(([error]) => error);
    if (failed) throw failed[0];
  }
}

const dir = mkdtempSync(join(tmpdir(), 'weft-finish-'));
const own = await startRedis({ dir });
const redis = new Redis(own.url);
try {
  await loadActorFunctions(redis);
  await finishAll(redis, await startAll(redis, 'warm'));
  const beforeStart = await commandStats(redis);
  const ids = await startAll(redis, 'measured');
  const before = await commandStats(redis);
  const fcalls = (stats: typeof before) => stats.get('fcall') ?? { calls: 0, usec: 0 };
  console.log(`the start function: ${((fcalls(before).usec - fcalls(beforeStart).usec) / runs).toFixed(1)} µs per run`);
  await finishAll(redis, ids);
  const after = await commandStats(redis);
  const calls = runs * order.length;
  console.log(`the finish function, ${fan ? 'fan-out 50 → join' : '10-node chain'}: ${calls} calls, per call:`);
  const rows = [...after]
    .map(([name, { calls: c, usec }]) => ({ name, calls: (c - (before.get(name)?.calls ?? 0)) / calls, usec: (usec - (before.get(name)?.usec ?? 0)) / calls }))
    .filter((row) => row.calls > 0.01 && row.name !== 'info')
    .sort((a, b) => b.usec - a.usec);
  for (const row of rows) console.log(`  ${row.name.padEnd(12)} ${row.calls.toFixed(2).padStart(6)} calls  ${row.usec.toFixed(1).padStart(6)} µs`);
  console.log('(fcall is the whole function, the commands it calls included)');
} finally {
  redis.disconnect();
  await own.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
