/**
 * @module scripts/bench/hop-latency — how long one message takes along one edge, measured on
 * single runs of a 50-node no-op chain (nothing else running):
 * - hop: executor entry of node i → executor entry of node i+1, in-process performance.now().
 *   It spans finish-1.lua (store output, route, join, events), the BullMQ add of the next
 *   actor, the worker picking it up, begin-1.lua and the call into the executor.
 * - hand-off: node i's `node.completed` ts → node i+1's `node.started` ts, read from the run's
 *   `actors` hash (the same Date.now() values the events carry; whole milliseconds).
 */
import { Engine } from '../../actors/engine.ts';
import type { ExecuteFn } from '../../actors/engine-types.ts';
import { runKeys } from '../../actors/keys.ts';
import { chainOrder, chainPlan, noopExecute } from './bench-plans.ts';
import { runAll } from './run-all.ts';

export interface HopLatency {
  /** ms between executor entries of consecutive nodes */
  hops: number[];
  /** ms between node.completed of node i and node.started of node i+1 (whole ms) */
  handOffs: number[];
}

export async function hopLatency(redisUrl: string, length: number, runs: number, concurrency: number): Promise<HopLatency> {
  const entries = new Map<string, number>();
  const timed: ExecuteFn = async (a) => {
    entries.set(`${a.runId}/${a.node.id}`, performance.now());
    return noopExecute(a);
  };
  const engine = new Engine({ redisUrl, prefix: 'bench-hops:', retentionSeconds: 600 }, timed);
  const plan = chainPlan(length, 'bench_hops');
  const order = chainOrder(length);
  const result: HopLatency = { hops: [], handOffs: [] };
  try {
    await engine.startWorker(concurrency).waitUntilReady();
    await runAll(engine, plan, 1); // warm-up
    for (let round = 0; round < runs; round++) {
      const [runId] = (await runAll(engine, plan, 1)).ids;
      const steps = await engine.redis.hgetall(runKeys(engine.prefix, runId).actors);
      for (let i = 1; i < order.length; i++) {
        result.hops.push(entries.get(`${runId}/${order[i]}`)! - entries.get(`${runId}/${order[i - 1]}`)!);
        result.handOffs.push(Number(steps[`${order[i]}:start`]) - Number(steps[`${order[i - 1]}:end`]));
      }
    }
    return result;
  } finally {
    await engine.close();
  }
}
