/**
 * @module scripts/bench/engine-throughput — weft node activations per second (an activation =
 * one executed actor) for many concurrent runs of a chain and of a fan-out into one join,
 * measured in rounds that alternate with the raw BullMQ baseline's: the machine's speed drifts
 * (other load on shared cores), and alternating puts the same drift into both sides of a ratio.
 */
import type Redis from 'ioredis';
import { Engine } from '../../actors/engine.ts';
import type { Plan } from '../../actors/types.ts';
import { openBaselineThroughput } from './baseline.ts';
import { chainPlan, fanInPlan, noopExecute } from './bench-plans.ts';
import { CpuTally, type CpuPer } from './cpu.ts';
import { runAll } from './run-all.ts';

export interface ThroughputOptions {
  runs: number;
  rounds: number;
  concurrency: number;
  baselineJobs: number;
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

export interface Throughput {
  /** raw BullMQ jobs per second, one figure per round */
  baseline: number[];
  baselineCpu: CpuPer;
  engine: EngineThroughput;
}

const actorsOf = (plan: Plan) => Object.keys(plan.nodes).length;

/** Activations per second of one round: `runs` runs of `plan` at once. */
async function engineRound(engine: Engine, plan: Plan, runs: number): Promise<number> {
  const { seconds } = await runAll(engine, plan, runs);
  return (actorsOf(plan) * runs) / seconds;
}

/**
 * Warm both up with one uncounted round each (scripts loaded, connections, JIT and Redis's
 * tables warm), then `rounds` times: a baseline round, a chain round, a fan-out round.
 */
export async function throughput(redisUrl: string, probe: Redis, options: ThroughputOptions): Promise<Throughput> {
  const baseline = await openBaselineThroughput(redisUrl, options.baselineJobs);
  const engine = new Engine({ redisUrl, prefix: 'bench-engine:', retentionSeconds: 600 }, noopExecute);
  try {
    await engine.startWorker(options.concurrency).waitUntilReady();
    const chain = chainPlan(10);
    const fanIn = fanInPlan(50);
    await baseline.round();
    await runAll(engine, chain, options.runs);
    await runAll(engine, fanIn, options.runs);
    const tallies = { baseline: new CpuTally(probe), chain: new CpuTally(probe), fanIn: new CpuTally(probe) };
    const rates = { baseline: [] as number[], chain: [] as number[], fanIn: [] as number[] };
    for (let round = 0; round < options.rounds; round++) {
      rates.baseline.push(await tallies.baseline.measure(() => baseline.round()));
      rates.chain.push(await tallies.chain.measure(() => engineRound(engine, chain, options.runs)));
      rates.fanIn.push(await tallies.fanIn.measure(() => engineRound(engine, fanIn, options.runs)));
    }
    const activations = (plan: Plan) => actorsOf(plan) * options.runs * options.rounds;
    return {
      baseline: rates.baseline,
      baselineCpu: tallies.baseline.per(options.baselineJobs * options.rounds),
      engine: {
        chain: rates.chain,
        fanIn: rates.fanIn,
        chainCpu: tallies.chain.per(activations(chain)),
        fanInCpu: tallies.fanIn.per(activations(fanIn)),
        chainNodes: actorsOf(chain),
        fanInNodes: actorsOf(fanIn),
      },
    };
  } finally {
    await engine.close();
    await baseline.close();
  }
}
