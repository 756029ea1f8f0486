/**
 * Fair slots (actors/fair-slots.ts): one project's flood of slow activations does not keep
 * another project's run waiting, whether the activations come from the queue or run eagerly,
 * and an activation waiting for something outside (a sandbox slot) holds no worker slot.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { putBackKey, queuePrefix } from './activation-queues.ts';
import { activationQueue } from './keys.ts';
import { Engine } from './engine.ts';
import type { ExecuteFn } from './engine-types.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import type { Plan } from './types.ts';

const engines: Engine[] = [];
afterAll(() => Promise.all(engines.map((e) => e.close())));

/** A gate the 'gated' activations wait at. */
function closedGate() {
  let open = () => {};
  const promise = new Promise<void>((ok) => (open = ok));
  return { promise, open };
}
let gate = closedGate();
/** 'hold' activations running now, and the most at once */
const holding = { now: 0, most: 0 };
const execute: ExecuteFn = async (a) => {
  if (a.node.type === 'hold') {
    holding.most = Math.max(holding.most, ++holding.now);
    await sleep(300);
    holding.now--;
  }
  if (a.node.type === 'gated') await a.offSlot(() => gate.promise);
  return { output: { node: a.node.id } };
};

const planOf = (projectId: string, type?: string): Plan => {
  const plan = buildPlan({ trigger_1: { type: 'trigger', role: 'trigger' }, work_1: type ? { type } : {} }, ['trigger_1->work_1']);
  return { ...plan, projectId };
};

/** The order in which runs ended: each run's label as its run.completed came. */
async function endOrder(engine: Engine, runs: [string, string][]): Promise<string[]> {
  const order: string[] = [];
  await Promise.all(runs.map(async ([label, runId]) => {
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    order.push(label);
  }));
  return order;
}

/**
 * B, active lately (one run just before), then six slow runs of project A, then (their slow
 * activations waiting for the two slots) one quick run of B.
 */
async function floodThenOne(starter: Engine, waiter: Engine, flood: Plan): Promise<string[]> {
  await eventsUntilEnd(waiter, await starter.startRun(planOf('proj_b'), {}));
  const runs: [string, string][] = [];
  for (let i = 0; i < 6; i++) runs.push([`A${i}`, await starter.startRun(flood, {})]);
  await sleep(100);
  runs.push(['B', await starter.startRun(planOf('proj_b'), {})]);
  return endOrder(waiter, runs);
}

describe('fair slots across projects', () => {
  it('queued: a quick run of project B ends before project A\'s flood of slow runs, with two worker slots', async () => {
    const starter = testEngine(execute);
    const worker = new Engine({ redisUrl: process.env.REDIS_URL!, prefix: starter.prefix }, execute);
    engines.push(starter, worker);
    await worker.startWorker(2).waitUntilReady();
    const order = await floodThenOne(starter, worker, planOf('proj_a', 'hold'));
    // first come, first served, B would end after four of A's (its trigger queued behind A's slow ones)
    expect(order.indexOf('B')).toBeLessThanOrEqual(1);
  });

  it('eager: a quick run of project B ends before project A\'s flood of slow runs, with two eager slots', async () => {
    const engine = testEngine(execute, { eagerLimit: 2, eagerWaitMs: 60_000 });
    engines.push(engine);
    await engine.startWorker(2).waitUntilReady();
    const order = await floodThenOne(engine, engine, planOf('proj_a', 'hold'));
    expect(order.indexOf('B')).toBeLessThanOrEqual(1);
  });

  it('counts jobs put back for a project\'s share of the window as waiting for a worker (what the load shedder reads)', async () => {
    const starter = testEngine(execute);
    const worker = new Engine({ redisUrl: process.env.REDIS_URL!, prefix: starter.prefix }, execute);
    engines.push(starter, worker);
    await worker.startWorker(2).waitUntilReady();
    // two slots, a window of four with one place kept: three of A's eight slow activations held, five waiting
    const runs = await Promise.all(Array.from({ length: 8 }, async (_, i) => [`A${i}`, await starter.startRun(planOf('proj_a', 'hold'), {})] as [string, string]));
    await sleep(150);
    const putBack = await starter.redis.zcard(putBackKey(`${queuePrefix(starter.prefix, 0, 1, false)}:${activationQueue}`));
    expect(putBack).toBeGreaterThan(0);
    expect(await starter.queuedActivations()).toBeGreaterThanOrEqual(4);
    await endOrder(worker, runs);
  });

  it('a project alone uses every slot (the eighth is kept only while another project came lately)', async () => {
    const starter = testEngine(execute);
    const worker = new Engine({ redisUrl: process.env.REDIS_URL!, prefix: starter.prefix }, execute);
    engines.push(starter, worker);
    await worker.startWorker(2).waitUntilReady();
    holding.most = 0;
    const runs = await Promise.all([0, 1, 2, 3].map(async (i) => [`A${i}`, await starter.startRun(planOf('proj_alone', 'hold'), {})] as [string, string]));
    await endOrder(worker, runs);
    expect(holding.most).toBe(2);
  });

  it('two projects flooding at once still leave a slot for a project holding none: B ends first', async () => {
    const engine = testEngine(execute, { eagerLimit: 8, eagerWaitMs: 60_000 });
    engines.push(engine);
    await engine.startWorker(2).waitUntilReady();
    await eventsUntilEnd(engine, await engine.startRun(planOf('proj_b'), {}));
    const runs: [string, string][] = [];
    for (let i = 0; i < 8; i++) runs.push([`A${i}`, await engine.startRun(planOf('proj_a', 'hold'), {})], [`C${i}`, await engine.startRun(planOf('proj_c', 'hold'), {})]);
    await sleep(100);
    runs.push(['B', await engine.startRun(planOf('proj_b'), {})]);
    // A and C together hold seven of the eight slots; with a share for each, they would hold all eight
    expect((await endOrder(engine, runs)).indexOf('B')).toBe(0);
  });

  it('an activation waiting off its slot (offSlot) leaves the slot to others: B ends while A\'s waits are held', async () => {
    gate = closedGate();
    const engine = testEngine(execute, { eagerLimit: 2, eagerWaitMs: 60_000 });
    engines.push(engine);
    await engine.startWorker(2).waitUntilReady();
    const flood = planOf('proj_a', 'gated');
    const held = await Promise.all([0, 1, 2, 3].map(() => engine.startRun(flood, {})));
    await sleep(100);
    // every A activation waits at the gate, and none holds a slot: B's run ends meanwhile
    await eventsUntilEnd(engine, await engine.startRun(planOf('proj_b'), {}), 5_000);
    // A's runs of the same project too: waiting off-slot, they left both slots free
    await eventsUntilEnd(engine, await engine.startRun(planOf('proj_a'), {}), 5_000);
    gate.open();
    for (const runId of held) expect((await eventsUntilEnd(engine, runId)).at(-1)?.type).toBe('run.completed');
  });
});
