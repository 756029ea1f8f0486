/**
 * @module scripts/bench/cpu — CPU spent per unit of work (a job, an activation): Redis's main
 * process (INFO cpu, user + sys) and this process (process.cpuUsage). Less sensitive to other
 * load on the machine than throughput.
 */
import type Redis from 'ioredis';

export interface CpuPer {
  /** µs of Redis CPU per unit */
  redisUs: number;
  /** µs of this process's CPU per unit */
  nodeUs: number;
}

async function redisCpuSeconds(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:(\\S+)`, 'm').exec(info)?.[1] ?? 0);
  return field('used_cpu_user') + field('used_cpu_sys');
}

/** Adds up the CPU of the stretches of work it measures (rounds that alternate with other work's). */
export class CpuTally {
  private redisSeconds = 0;
  private nodeMicros = 0;

  constructor(private readonly redis: Redis) {}

  async measure<T>(work: () => Promise<T>): Promise<T> {
    const redisStart = await redisCpuSeconds(this.redis);
    const nodeStart = process.cpuUsage();
    const result = await work();
    const node = process.cpuUsage(nodeStart);
    this.redisSeconds += (await redisCpuSeconds(this.redis)) - redisStart;
    this.nodeMicros += node.user + node.system;
    return result;
  }

  /** The CPU per unit for `units` units done in the measured stretches. */
  per(units: number): CpuPer {
    return { redisUs: (this.redisSeconds * 1e6) / units, nodeUs: this.nodeMicros / units };
  }
}
