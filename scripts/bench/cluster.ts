/**
 * @module scripts/bench/cluster — `npm run bench -- --cluster`: engine throughput on a
 * 3-master Redis Cluster (started here by actors/testing/redis-cluster.ts) against a single Redis
 * started in the same invocation, rounds alternating between them (the machine's drift lands
 * on both sides of the ratio), and the share of Redis commands each master served during the
 * cluster's measured rounds (INFO commandstats before and after).
 */
import { join } from 'node:path';
import Redis from 'ioredis';
import { Engine } from '../../actors/engine.ts';
import type { Plan } from '../../actors/types.ts';
import { startRedis } from '../../actors/redis-server.ts';
import { startRedisCluster } from '../../actors/testing/redis-cluster.ts';
import { chainPlan, fanInPlan, noopExecute } from './bench-plans.ts';
import { runAll } from './run-all.ts';
import { fixed, formatTable, median, times, type Row } from './stats.ts';

export interface ClusterBenchOptions {
  runs: number;
  rounds: number;
  /** activations the one worker of each side runs at once (shared out over its queues) */
  concurrency: number;
}

/** Commands a server has answered since its start (the sum of INFO commandstats' calls). */
async function commandCalls(node: Redis): Promise<number> {
  const info = await node.info('commandstats');
  return [...info.matchAll(/calls=(\d+)/g)].reduce((sum, [, calls]) => sum + Number(calls), 0);
}

async function rate(engine: Engine, plan: Plan, runs: number): Promise<number> {
  const { seconds } = await runAll(engine, plan, runs);
  return (Object.keys(plan.nodes).length * runs) / seconds;
}

/** Run the comparison in `dir` (servers' data under it) and print its table. */
export async function clusterBench(dir: string, options: ClusterBenchOptions): Promise<void> {
  const single = await startRedis({ dir: join(dir, 'single') });
  const cluster = await startRedisCluster({ dir: join(dir, 'cluster'), masters: 3 });
  const masters = cluster.nodes.map((node) => new Redis(Number(node.split(':')[1]), '127.0.0.1'));
  const engines = {
    single: new Engine({ redisUrl: single.url, prefix: 'bench-cluster:', retentionSeconds: 600 }, noopExecute),
    cluster: new Engine({ redisUrl: `redis-cluster://${cluster.nodes.join(',')}`, prefix: 'bench-cluster:', retentionSeconds: 600 }, noopExecute),
  };
  try {
    await engines.single.startWorker(options.concurrency).waitUntilReady();
    await engines.cluster.startWorker(options.concurrency).waitUntilReady();
    const plans = { chain: chainPlan(10), fanIn: fanInPlan(50) };
    for (const engine of Object.values(engines)) for (const plan of Object.values(plans)) await runAll(engine, plan, options.runs);
    const rates = { single: { chain: [] as number[], fanIn: [] as number[] }, cluster: { chain: [] as number[], fanIn: [] as number[] } };
    const before = await Promise.all(masters.map(commandCalls));
    for (let round = 0; round < options.rounds; round++) {
      for (const name of ['chain', 'fanIn'] as const) {
        rates.single[name].push(await rate(engines.single, plans[name], options.runs));
        rates.cluster[name].push(await rate(engines.cluster, plans[name], options.runs));
      }
    }
    const after = await Promise.all(masters.map(commandCalls));
    const served = after.map((calls, i) => calls - before[i]);
    const total = served.reduce((sum, calls) => sum + calls, 0);
    const rows: Row[] = [{ what: `engine throughput, activations/s (median of ${options.rounds} rounds of ${options.runs} runs; baseline: a single Redis, same invocation)` }];
    for (const name of ['chain', 'fanIn'] as const) {
      const label = name === 'chain' ? 'chain of 10' : 'fan-in of 50';
      rows.push({ what: `single Redis, ${label}`, figure: fixed(median(rates.single[name])), ratio: times(1) });
      rows.push({ what: `3-master cluster, ${label}`, figure: fixed(median(rates.cluster[name])), ratio: times(median(rates.cluster[name]) / median(rates.single[name])), detail: 'its worker over 9 queues' });
    }
    rows.push({ what: 'share of commands each master served over the cluster rounds (INFO commandstats)' });
    served.forEach((calls, i) => rows.push({ what: cluster.nodes[i], figure: `${((100 * calls) / total).toFixed(1)} %`, detail: `${calls} commands` }));
    console.log(`\n${formatTable(rows)}`);
  } finally {
    await Promise.all(Object.values(engines).map((engine) => engine.close()));
    masters.forEach((master) => master.disconnect());
    await cluster.stop();
    await single.stop();
  }
}
