/**
 * The golden flows (runtime/testing/golden-suite.ts) on a real 3-master Redis Cluster (issue
 * #22), started by the harness (actors/testing/redis-cluster.ts): the whole server — stores, engine,
 * activation queues, sync queue, logs — named by a `redis-cluster://` URL.
 */
import { describe } from 'vitest';
import { testCluster } from '../actors/testing/test-cluster.ts';
import { clusterSupported } from '../actors/testing/redis-cluster.ts';
import { goldenSuite } from './testing/golden-suite.ts';

const supported = await clusterSupported();
if (!supported) console.warn('[golden-cluster.test] skipped: this redis-server has no cluster support (needs Redis >= 5 and redis-cli)');

describe.skipIf(!supported)('the golden flows on a 3-master Redis Cluster', () => {
  // stopped after the suite's weft has closed (testCluster)
  const cluster = testCluster('golden-cluster');
  goldenSuite({ redisUrl: cluster.url });
});
