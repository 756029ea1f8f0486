/** Fresh activations skip begin: finish-1.lua must still refuse a cancelled run and replays. */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import type { ExecuteFn } from './engine-types.ts';
import { runKeys } from './keys.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { nodeOf } from '../contract/run-events.ts';

const engines: Engine[] = [];
afterAll(() => Promise.all(engines.map((e) => e.close())));

describe('fresh activations (begin folded into finish)', () => {
  it('a cancelled run: the activation that skipped begin never writes output, nothing runs after it', async () => {
    const executed: string[] = [];
    let engine!: Engine;
    const execute: ExecuteFn = async (a) => {
      executed.push(a.node.id);
      if (a.node.id === 'cancels_1') await engine.cancelRun(a.runId);
      return { output: { node: a.node.id } };
    };
    // begin is never sent on the fast path during this test: the executor returns long before 5 s
    engine = testEngine(execute, { lazyBeginMs: 5000 });
    engines.push(engine);
    engine.startWorker(2);
    const plan = buildPlan({ trigger_1: { role: 'trigger' }, cancels_1: {}, after_1: {} }, ['trigger_1->cancels_1', 'cancels_1->after_1']);
    const runId = await engine.startRun(plan, {});
    const events = await eventsUntilEnd(engine, runId);
    await sleep(300);
    expect(executed).toEqual(['trigger_1', 'cancels_1']);
    const of = (id: string) => events.filter((e) => nodeOf(e) === id && e.type.startsWith('node.')).map((e) => e.type);
    expect(of('cancels_1')).toEqual(['node.queued', 'node.failed']); // queued, then cancelled: no node.started, no node.completed
    const keys = runKeys(engine.prefix, runId);
    expect(await engine.redis.hget(keys.out, 'cancels_1')).toBeNull();
    expect(await engine.redis.hget(keys.actors, 'cancels_1')).toBe('cancelled');
    expect(await engine.redis.hget(keys.actors, 'cancels_1:next')).toBeNull();
    expect((await engine.snapshot(runId))?.nodes.after_1).toBeUndefined();
    expect((await engine.meta(runId))?.status).toBe('cancelled');
  });

  it('skips begin yet records the start and emits node.started before node.completed; slow executors still show running', async () => {
    const execute: ExecuteFn = async (a) => {
      if (a.node.id === 'slow_1') await sleep(300);
      return { output: { node: a.node.id } };
    };
    const engine = testEngine(execute, { lazyBeginMs: 50 });
    engines.push(engine);
    engine.startWorker(2);
    const plan = buildPlan({ trigger_1: { role: 'trigger' }, fast_1: {}, slow_1: {} }, ['trigger_1->fast_1', 'fast_1->slow_1']);
    const runId = await engine.startRun(plan, {});
    while ((await engine.snapshot(runId))?.nodes.slow_1?.state !== 'running') await sleep(20);
    const events = await eventsUntilEnd(engine, runId);
    for (const id of ['fast_1', 'slow_1']) {
      expect(events.filter((e) => nodeOf(e) === id && e.type.startsWith('node.')).map((e) => e.type)).toEqual(['node.queued', 'node.started', 'node.completed']);
    }
    const snap = await engine.snapshot(runId);
    expect(snap?.status).toBe('completed');
    expect(snap?.nodes.fast_1.startedAt).toBeGreaterThan(0);
    expect(snap?.nodes.fast_1.finishedAt).toBeGreaterThanOrEqual(snap!.nodes.fast_1.startedAt!);
  });
});
