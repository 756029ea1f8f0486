/**
 * @module scripts/bench/engine-throughput — weft node activations per second (an activation =
 * one executed actor) for many concurrent runs of a chain and of a fan-out into one join.
 */
import { Engine } from '../../actors/engine.ts';
import type { Plan } from '../../actors/types.ts';
import { chainPlan, fanInPlan, noopExecute } from './bench-plans.ts';
import { cpuMeter, type CpuPer } from './cpu.ts';
import { runAll } from './run-all.ts';

export interface ThroughputOptions {
  runs: number;
  rounds: number;
  concurrency: number;
}

export interface EngineThroughput {
  /** activations per second, one figure per round */
  chain: number[];
  fanIn: number[];
  /** CPU per activation over the measured rounds */
  chainCpu: CpuPer;
  fanInCpu: CpuPer;
  chainNodes: number;
  fanInNodes: number;
}

async function rates(engine: Engine, plan: Plan, options: ThroughputOptions): Promise<{ rates: number[]; cpu: CpuPer }> {
  const activations = Object.keys(plan.nodes).length * options.runs;
  const result: number[] = [];
  const cpu = await cpuMeter(engine.redis);
  for (let round = 0; round < options.rounds; round++) {
    const { seconds } = await runAll(engine, plan, options.runs);
    result.push(activations / seconds);
  }
  return { rates: result, cpu: await cpu(activations * options.rounds) };
}

export async function engineThroughput(redisUrl: string, options: ThroughputOptions): Promise<EngineThroughput> {
  const engine = new Engine({ redisUrl, prefix: 'bench-engine:', retentionSeconds: 600 }, noopExecute);
  try {
    await engine.startWorker(options.concurrency).waitUntilReady();
    const chain = chainPlan(10);
    const fanIn = fanInPlan(50);
    // a whole uncounted round of each first, as the baseline's round -1: scripts loaded,
    // connections, JIT and Redis's tables warm (the first round was always the slowest)
    await runAll(engine, chain, options.runs);
    await runAll(engine, fanIn, options.runs);
    const chainRates = await rates(engine, chain, options);
    const fanInRates = await rates(engine, fanIn, options);
    return {
      chain: chainRates.rates,
      fanIn: fanInRates.rates,
      chainCpu: chainRates.cpu,
      fanInCpu: fanInRates.cpu,
      chainNodes: Object.keys(chain.nodes).length,
      fanInNodes: Object.keys(fanIn.nodes).length,
    };
  } finally {
    await engine.close();
  }
}
