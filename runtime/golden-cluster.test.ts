/**
 * The golden flows (runtime/testing/golden-suite.ts) on a real 3-master Redis Cluster (issue
 * #22), started by the harness (scripts/redis-cluster.ts): the whole server — stores, engine,
 * activation queues, sync queue, logs — named by a `redis-cluster://` URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { clusterSupported, startRedisCluster, type OwnRedisCluster } from '../scripts/redis-cluster.ts';
import { goldenSuite } from './testing/golden-suite.ts';

const supported = await clusterSupported();
if (!supported) console.warn('[golden-cluster.test] skipped: this redis-server has no cluster support (needs Redis >= 5 and redis-cli)');

describe.skipIf(!supported)('the golden flows on a 3-master Redis Cluster', () => {
  let dir = '';
  let cluster: OwnRedisCluster;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'weft-test-golden-cluster-'));
    cluster = await startRedisCluster({ dir, masters: 3 });
  }, 30_000);

  // after hooks run last-registered first: the cluster stops after the suite's weft has closed
  afterAll(async () => {
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  goldenSuite({ redisUrl: () => `redis-cluster://${cluster.nodes.join(',')}` });
});
