/**
 * @module actors/testing/redis-cluster — start a throwaway Redis Cluster of N masters (no replicas) on
 * loopback: N redis-server processes from redis.conf with `--cluster-enabled yes`, each in its
 * own directory on its own free port, joined by `redis-cli --cluster create`. For the cluster
 * tests and the bench (issue #22).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { freePort, startRedis, type OwnRedis } from '../redis-server.ts';

const run = promisify(execFile);

export interface OwnRedisCluster {
  /** the masters, as `127.0.0.1:<port>` */
  nodes: string[];
  stop(): Promise<void>;
}

/** Whether this machine's redis-server was built with cluster support (7.0 here: yes). */
export async function clusterSupported(): Promise<boolean> {
  try {
    const { stdout } = await run('redis-server', ['--version']);
    const major = Number(/v=(\d+)/.exec(stdout)?.[1] ?? 0);
    await run('redis-cli', ['--version']);
    return major >= 5; // `redis-cli --cluster create` came with Redis 5
  } catch {
    return false;
  }
}

/**
 * Start `masters` cluster-enabled redis-servers with their data under `dir` (one directory
 * each), assign the 16384 slots among them and resolve once every node reports
 * `cluster_state:ok`. On failure every started server is stopped again.
 */
export async function startRedisCluster(options: { dir: string; masters?: number }): Promise<OwnRedisCluster> {
  const masters = options.masters ?? 3;
  const servers: OwnRedis[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  try {
    for (let i = 0; i < masters; i++) {
      const port = await freePort();
      servers.push(
        await startRedis({
          dir: join(options.dir, `node-${i}`),
          port,
          // a cluster node is found by its TCP port: its gossip ("bus") port is port + 10000,
          // which freePort does not check, so a clash shows as a failed start below
          args: ['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', '5000', '--appendonly', 'no'],
        }),
      );
    }
    const nodes = servers.map((server) => `127.0.0.1:${server.port}`);
    await run('redis-cli', ['--cluster', 'create', ...nodes, '--cluster-replicas', '0', '--cluster-yes']);
    await waitClusterOk(servers.map((server) => server.port));
    return { nodes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Poll CLUSTER INFO on every node until each says `cluster_state:ok` (10 s at most). */
async function waitClusterOk(ports: number[]): Promise<void> {
  const probes = ports.map((port) => new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 0 }));
  try {
    for (let i = 0; i < 200; i++) {
      const infos = await Promise.all(probes.map((probe) => probe.cluster('INFO') as Promise<string>));
      if (infos.every((info) => info.includes('cluster_state:ok'))) return;
      await sleep(50);
    }
    throw new Error(`Redis Cluster on ports ${ports.join(', ')} did not reach cluster_state:ok within 10 s`);
  } finally {
    probes.forEach((probe) => probe.disconnect());
  }
}
