/**
 * The cluster harness (actors/testing/redis-cluster.ts) starts a real 3-master Redis Cluster, and the
 * run key layout (actors/keys.ts) holds on it: every key of a run in one slot, so a run's
 * multi-key transaction is accepted, while different runs spread over the masters.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeys } from '../keys.ts';
import { clusterSupported, startRedisCluster, type OwnRedisCluster } from './redis-cluster.ts';

const supported = await clusterSupported();
if (!supported) console.warn('[redis-cluster.test] skipped: this redis-server has no cluster support (needs Redis >= 5 and redis-cli)');

describe.skipIf(!supported)('a 3-master Redis Cluster started by the harness', () => {
  let dir = '';
  let cluster: OwnRedisCluster;
  let client: Cluster;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'weft-test-cluster-'));
    cluster = await startRedisCluster({ dir, masters: 3 });
    client = new Cluster(
      cluster.nodes.map((node) => ({ host: '127.0.0.1', port: Number(node.split(':')[1]) })),
      { scaleReads: 'master' },
    );
  }, 30_000);

  afterAll(async () => {
    client?.disconnect();
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has three masters that together serve all 16384 slots', async () => {
    const slots = await client.cluster('SLOTS');
    const masters = new Set(slots.map(([, , master]) => master?.[1]));
    expect(masters.size).toBe(3);
    expect(slots.reduce((sum, [from, to]) => sum + to - from + 1, 0)).toBe(16384);
    expect(client.nodes('master')).toHaveLength(3);
  });

  it("keeps every key of a run in one slot, so a run's MULTI is accepted", async () => {
    const keys = runKeys('weft:', 'run_cluster1');
    const names = [keys.meta, keys.plan, keys.out, keys.events, keys.actors, keys.mailbox('a'), keys.join('b')];
    const slots = await Promise.all(names.map((name) => client.cluster('KEYSLOT', name)));
    expect(new Set(slots).size).toBe(1);
    const replies = await client.multi().hset(keys.meta, 'status', 'running').hset(keys.actors, 'a', 'queued').hgetall(keys.meta).exec();
    expect(replies?.map(([error]) => error)).toEqual([null, null, null]);
    expect(replies?.[2][1]).toEqual({ status: 'running' });
  });

  it('spreads different runs over the masters', async () => {
    const owners = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const meta = runKeys('weft:', `run_spread${i}`).meta;
      await client.set(meta, String(i));
      const slot = Number(await client.cluster('KEYSLOT', meta));
      const slots = await client.cluster('SLOTS');
      const owner = slots.find(([from, to]) => slot >= from && slot <= to);
      owners.add(String(owner?.[2]?.[1]));
    }
    expect(owners.size).toBe(3);
  });
});
