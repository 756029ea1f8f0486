/**
 * The engine on a real 3-master Redis Cluster (issue #22), started by the harness
 * (actors/testing/redis-cluster.ts) and named by a `redis-cluster://` URL: chains, joins and routing
 * run to the end, with runs spread over the masters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { runKeys } from './keys.ts';
import { ActivationQueues, queueIndexOf } from './activation-queues.ts';
import { keySlot } from './key-slot.ts';
import { masters } from './redis-connection.ts';
import { testExecute as execute } from './testing/test-executor.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { testCluster } from './testing/test-cluster.ts';
import { clusterSupported } from './testing/redis-cluster.ts';

const supported = await clusterSupported();
if (!supported) console.warn('[engine-cluster.test] skipped: this redis-server has no cluster support (needs Redis >= 5 and redis-cli)');

const trigger = { trigger_1: { type: 'trigger', role: 'trigger' as const } };

describe.skipIf(!supported)('the engine on a 3-master Redis Cluster', () => {
  const cluster = testCluster('cluster');
  let engine: Engine;

  beforeAll(() => {
    engine = testEngine(execute, { redisUrl: cluster.url() });
    engine.startWorker(8);
  });

  afterAll(async () => {
    await engine?.close();
  });

  it('runs chains, joins and routed branches to the end, runs landing on every master', async () => {
    const chain = buildPlan({ ...trigger, a_1: {}, b_1: {} }, ['trigger_1->a_1', 'a_1->b_1']);
    const join = buildPlan({ ...trigger, a_1: {}, b_1: {}, join_1: {} }, ['trigger_1->a_1', 'trigger_1->b_1', 'a_1->join_1', 'b_1->join_1']);
    const routed = buildPlan({ ...trigger, pick_1: { type: 'pick', role: 'router' }, yes_1: {}, no_1: {} }, [
      'trigger_1->pick_1', 'pick_1:Condition 1->yes_1', 'pick_1:Else->no_1',
    ]);
    const runIds: string[] = [];
    // 36 runs: each master holding none of them has odds of 3 × (2/3)^36, about one in 700,000 (12 runs: one in 40)
    for (let i = 0; i < 12; i++) {
      runIds.push(await engine.startRun(chain, { i }), await engine.startRun(join, { i }), await engine.startRun(routed, { choice: 'Condition 1' }));
    }
    for (const runId of runIds) {
      const events = await eventsUntilEnd(engine, runId);
      expect(events.at(-1)?.type, runId).toBe('run.completed');
    }
    const snap = await engine.snapshot(runIds[2]);
    expect(snap?.nodes.yes_1.state).toBe('completed');
    expect(snap?.nodes.no_1.state).toBe('skipped');
    expect((await engine.snapshot(runIds[1]))?.nodes.join_1.state).toBe('completed');
    // every master holds the meta key of some of the runs
    const holders = await Promise.all(
      masters(engine.redis).map(async (master) => (await Promise.all(runIds.map((id) => master.exists(runKeys(engine.prefix, id).meta).catch(() => 0)))).some(Boolean)),
    );
    expect(holders).toEqual([true, true, true]);
  });

  it('refuses a malformed cluster URL with a clear message', () => {
    expect(() => testEngine(execute, { redisUrl: 'redis-cluster://' })).toThrow('Redis Cluster URL names no node: "redis-cluster://" (expected redis-cluster://host:port,host:port)');
    expect(() => testEngine(execute, { redisUrl: `redis-cluster://${cluster.nodes()[0]},localhost` })).toThrow('Redis Cluster node "localhost" is not host:port');
    expect(() => testEngine(execute, { redisUrl: `redis-cluster://${cluster.nodes()[0]}`, activationQueues: 0 })).toThrow('activation queues must be a whole number from 1 to 256, not 0');
  });

  it('puts 3 activation queues on every master, and computes slots as the cluster does', async () => {
    const queues = new ActivationQueues(engine.redis, engine.prefix, 9, true, () => {});
    try {
      const owners = new Map<number, number>();
      for (const prefix of queues.prefixes) {
        const key = `${prefix}:activations:wait`;
        expect(keySlot(key)).toBe(Number(await engine.redis.cluster('KEYSLOT', key)));
        const index = (await Promise.all(masters(engine.redis).map((master) => master.exists(key).then(() => true, () => false)))).indexOf(true);
        owners.set(index, (owners.get(index) ?? 0) + 1);
      }
      expect([...owners.values()]).toEqual([3, 3, 3]);
      const runs = Array.from({ length: 90 }, (_, i) => queueIndexOf(`run_${i}`, 9));
      expect(new Set(runs).size).toBe(9);
    } finally {
      await queues.close();
    }
  });

  it('runs activations through the BullMQ queues when none is run eagerly', async () => {
    const queued = testEngine(execute, { redisUrl: cluster.url(), eagerLimit: 0 });
    queued.startWorker(4);
    try {
      const plan = buildPlan({ ...trigger, a_1: {}, b_1: {} }, ['trigger_1->a_1', 'a_1->b_1']);
      const runIds = await Promise.all([1, 2, 3].map((i) => queued.startRun(plan, { i })));
      for (const runId of runIds) expect((await eventsUntilEnd(queued, runId)).at(-1)?.type).toBe('run.completed');
      expect((await queued.snapshot(runIds[0]))?.nodes.b_1.output).toEqual({ node: 'b_1' });
    } finally {
      await queued.close();
    }
  });
});
