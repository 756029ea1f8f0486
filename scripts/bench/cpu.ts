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

/** Start measuring; the returned function gives the CPU per unit for `units` units done since. */
export async function cpuMeter(redis: Redis): Promise<(units: number) => Promise<CpuPer>> {
  const redisStart = await redisCpuSeconds(redis);
  const nodeStart = process.cpuUsage();
  return async (units) => {
    const node = process.cpuUsage(nodeStart);
    const redisSeconds = (await redisCpuSeconds(redis)) - redisStart;
    return { redisUs: (redisSeconds * 1e6) / units, nodeUs: (node.user + node.system) / units };
  };
}
