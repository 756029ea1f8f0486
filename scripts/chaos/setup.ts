/**
 * @module scripts/chaos/setup — what the scenarios around the chaos flow share: a receiver that
 * answers after `receiverDelayMs`, a cluster allowed to call it, a Redis client of the harness's
 * own (quiet while Redis is down: redis-killed takes it down on purpose, and it reconnects) and
 * the chaos flow deployed; all stopped when the scenario ends, however it ends.
 */
import Redis from 'ioredis';
import { deployChaosFlow, type ChaosFlow } from './chaos-flow.ts';
import { Cluster } from './cluster.ts';
import { startReceiver, type Receiver } from './receiver.ts';

export interface ChaosSetup {
  receiver: Receiver;
  cluster: Cluster;
  redis: Redis;
  flow: ChaosFlow;
}

export async function withChaosFlow<T>(
  options: { receiverDelayMs: number; workers: number; env?: Record<string, string> },
  scenario: (setup: ChaosSetup) => Promise<T>,
): Promise<T> {
  const receiver = await startReceiver(options.receiverDelayMs);
  const cluster = new Cluster({ workers: options.workers, outboundAllow: [receiver.host], env: options.env });
  let redis: Redis | null = null;
  try {
    await cluster.start();
    redis = new Redis(cluster.redisUrl);
    redis.on('error', () => {});
    const flow = await deployChaosFlow(cluster.redisUrl, cluster.prefix, cluster.serverUrl, receiver.host);
    return await scenario({ receiver, cluster, redis, flow });
  } finally {
    redis?.disconnect();
    await cluster.stop();
    await receiver.close();
  }
}
