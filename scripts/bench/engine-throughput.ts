/** @module scripts/bench/engine-throughput — weft node activations per second and per-hop latency. */
import { Engine } from '../../actors/engine.ts';
import type { ExecuteFn } from '../../actors/engine-types.ts';
import { runKeys } from '../../actors/keys.ts';
import { buildPlan } from '../../actors/testing/plan-builder.ts';
import type { Plan } from '../../actors/types.ts';
import { percentile } from './stats.ts';

const noop: ExecuteFn = async (a) => ({ output: a.node.role === 'trigger' ? a.meta.input : { ok: true } });

function chain(length: number): Plan {
  const nodes: Record<string, { role?: 'trigger' }> = { trigger_1: { role: 'trigger' } };
  const edges: string[] = [];
  for (let i = 1; i < length; i++) {
    nodes[`n_${i}`] = {};
    edges.push(`${i === 1 ? 'trigger_1' : `n_${i - 1}`}->n_${i}`);
  }
  return buildPlan(nodes, edges, 'bench_chain');
}

function fanIn(width: number): Plan {
  const nodes: Record<string, { role?: 'trigger' }> = { trigger_1: { role: 'trigger' }, join_1: {} };
  const edges: string[] = [];
  for (let i = 1; i <= width; i++) {
    nodes[`n_${i}`] = {};
    edges.push(`trigger_1->n_${i}`, `n_${i}->join_1`);
  }
  return buildPlan(nodes, edges, 'bench_fan');
}

/** Start `runs` runs of `plan` and resolve once every one has ended (told live, not polled). */
async function runAll(engine: Engine, plan: Plan, runs: number): Promise<string[]> {
  let left = runs;
  let done: () => void = () => {};
  const finished = new Promise<void>((ok) => (done = ok));
  const stop = await engine.listenToFlow(plan.flowId, (event) => {
    if (event.type === 'run.failed') throw new Error(`bench run failed: ${event.error}`);
    if (event.type === 'run.completed' && --left === 0) done();
  });
  const ids = await Promise.all(Array.from({ length: runs }, () => engine.startRun(plan, {})));
  await finished;
  stop();
  return ids;
}

/** Activations per second for `runs` concurrent runs of `plan`. */
async function throughput(engine: Engine, plan: Plan, runs: number): Promise<number> {
  const started = performance.now();
  await runAll(engine, plan, runs);
  const seconds = (performance.now() - started) / 1000;
  return (Object.keys(plan.nodes).length * runs) / seconds;
}

export async function engineFigures(redisUrl: string) {
  const engine = new Engine({ redisUrl, prefix: 'bench:', retentionSeconds: 600 }, noop);
  const worker = engine.startWorker(16);
  await worker.waitUntilReady();
  await throughput(engine, chain(10), 20); // warm-up
  const chainRate = await throughput(engine, chain(10), 200);
  const fanRate = await throughput(engine, fanIn(50), 40);
  const hops: number[] = [];
  for (let round = 0; round < 5; round++) {
    const [runId] = await runAll(engine, chain(50), 1);
    const times = await engine.redis.hgetall(runKeys(engine.prefix, runId).times);
    const order = ['trigger_1', ...Array.from({ length: 49 }, (_, i) => `n_${i + 1}`)];
    for (let i = 1; i < order.length; i++) hops.push(Number(times[`${order[i]}:end`]) - Number(times[`${order[i - 1]}:end`]));
  }
  await engine.close();
  return { chainRate, fanRate, hopP50: percentile(hops, 50), hopP99: percentile(hops, 99), hops: hops.length };
}
