/**
 * @module actors/testing/test-cluster — a throwaway 3-master Redis Cluster for the tests of a
 * describe block (actors/testing/redis-cluster.ts, on loopback, in a temporary folder).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startRedisCluster, type OwnRedisCluster } from './redis-cluster.ts';

/**
 * Call inside a describe block: the cluster starts before its tests and stops, its folder
 * removed, after them (after hooks run last-registered first, so an engine or server the block
 * starts on it afterwards is closed before). `nodes()`: its masters' host:port once started;
 * `url()`: the `redis-cluster://` URL naming them all.
 */
export function testCluster(name: string): { nodes(): string[]; url(): string } {
  let dir = '';
  let cluster: OwnRedisCluster | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `weft-test-${name}-`));
    cluster = await startRedisCluster({ dir, masters: 3 });
  }, 30_000);
  afterAll(async () => {
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const nodes = () => cluster!.nodes;
  return { nodes, url: () => `redis-cluster://${nodes().join(',')}` };
}
