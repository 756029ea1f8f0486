import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { testExecute } from './testing/test-executor.ts';
import { crashPlan, killMidRunAndCheck } from './testing/crash-run.ts';

const trigger = { trigger_1: { type: 'trigger', role: 'trigger' as const } };
const engines: Engine[] = [];
afterAll(() => Promise.all(engines.map((e) => e.close())));

function started(options = {}) {
  const engine = testEngine(testExecute, options);
  engines.push(engine);
  return engine;
}

describe('run lifecycle', () => {
  it('runs parallel branches at the same time: two 2 s waits then a join take about 2 s', async () => {
    const engine = started();
    engine.startWorker(4);
    const plan = buildPlan({ ...trigger, wait2s_1: {}, wait2s_2: {}, join_1: {} }, [
      'trigger_1->wait2s_1', 'trigger_1->wait2s_2', 'wait2s_1->join_1', 'wait2s_2->join_1',
    ]);
    const runId = await engine.startRun(plan, {});
    await eventsUntilEnd(engine, runId);
    const meta = await engine.meta(runId);
    expect(meta?.status).toBe('completed');
    expect(meta!.finishedAt! - meta!.startedAt).toBeLessThan(3500);
  });

  it('waits do not hold a worker slot: two waits finish together on concurrency 1', async () => {
    const engine = started();
    engine.startWorker(1);
    const plan = buildPlan({ ...trigger, wait2s_1: {}, wait2s_2: {} }, ['trigger_1->wait2s_1', 'trigger_1->wait2s_2']);
    const runId = await engine.startRun(plan, {});
    await eventsUntilEnd(engine, runId);
    const meta = await engine.meta(runId);
    expect(meta!.finishedAt! - meta!.startedAt).toBeLessThan(3500);
  });

  it('runs a child run and returns its output; the child is linked to its parent', async () => {
    const engine = started();
    engine.startWorker(2);
    const childPlan = buildPlan({ ...trigger, a_1: {} }, ['trigger_1->a_1'], 'flow_child');
    const plan = buildPlan({ ...trigger, child_1: {}, after_1: {} }, ['trigger_1->child_1', 'child_1->after_1']);
    const runId = await engine.startRun(plan, { childPlan });
    await eventsUntilEnd(engine, runId);
    const snap = await engine.snapshot(runId);
    const output = snap?.nodes.child_1.output as { flowOutput: unknown; runId: string };
    expect(output.flowOutput).toEqual({ node: 'a_1' });
    expect(await engine.meta(output.runId)).toMatchObject({ parentRunId: runId, parentActor: 'child_1', flowId: 'flow_child' });
    expect(snap?.nodes.after_1.state).toBe('completed');
  });

  it('cancels a run: no further activation, unfinished actors say cancelled', async () => {
    const engine = started();
    engine.startWorker(2);
    const plan = buildPlan({ ...trigger, slow_1: {}, after_1: {} }, ['trigger_1->slow_1', 'slow_1->after_1']);
    const runId = await engine.startRun(plan, { slowMs: 500 });
    while ((await engine.snapshot(runId))?.nodes.slow_1?.state !== 'running') await sleep(20);
    expect(await engine.cancelRun(runId)).toBe('cancelled');
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.cancelled');
    await sleep(800);
    const snap = await engine.snapshot(runId);
    expect(snap?.nodes.slow_1.state).toBe('cancelled');
    expect(snap?.nodes.after_1).toBeUndefined();
    expect(await engine.cancelRun(runId)).toBe('cancelled');
  });

  it('cancels the child runs of a cancelled run', async () => {
    const engine = started();
    engine.startWorker(4);
    // the child's slow_1 takes 3 s (its input has no slowMs)
    const child = buildPlan({ ...trigger, slow_1: {}, after_1: {} }, ['trigger_1->slow_1', 'slow_1->after_1'], 'flow_child');
    const parent = buildPlan({ ...trigger, child_1: {} }, ['trigger_1->child_1']);
    const runId = await engine.startRun(parent, { childPlan: child });
    let childId: string | undefined;
    while (!childId || (await engine.snapshot(childId))?.nodes.slow_1?.state !== 'running') {
      [childId] = await engine.history(child.flowId);
      await sleep(20);
    }
    expect(await engine.cancelRun(runId)).toBe('cancelled');
    expect((await engine.meta(childId))?.status).toBe('cancelled');
    await sleep(3500);
    expect((await engine.snapshot(childId))?.nodes.after_1).toBeUndefined();
    expect((await engine.meta(runId))?.status).toBe('cancelled');
  });

  it('lets every key of a finished run expire, and removes BullMQ job records', async () => {
    const engine = started({ retentionSeconds: 60 });
    engine.startWorker(2);
    const plan = buildPlan({ ...trigger, a_1: {}, b_1: {} }, ['trigger_1->a_1', 'a_1->b_1']);
    const runId = await engine.startRun(plan, {});
    await eventsUntilEnd(engine, runId);
    await sleep(100);
    const keys = await engine.redis.keys(`${engine.prefix}*`);
    const runKeys = keys.filter((k) => !k.startsWith(`${engine.prefix}bull:`));
    const names = runKeys.map((k) => k.replace(`${engine.prefix}{run:${runId}}:`, 'R:').replace(engine.prefix, '')).sort();
    expect(names).toEqual(['R:actors', 'R:events', 'R:mbx:a_1', 'R:mbx:b_1', 'R:meta', 'R:out', 'R:plan', 'flow:flow_test:runs']);
    for (const key of runKeys) {
      const ttl = await engine.redis.ttl(key);
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(60);
    }
    const jobs = keys.filter((k) => /bull:activations:run_/.test(k));
    expect(jobs).toEqual([]);
  });

  it('gives every key of a run a TTL while it still runs (TTLs are refreshed lazily, new keys at once)', async () => {
    const engine = started({ retentionSeconds: 60 });
    engine.startWorker(2);
    const plan = buildPlan({ ...trigger, a_1: {}, wait2s_1: {}, b_1: {} }, ['trigger_1->a_1', 'a_1->wait2s_1', 'trigger_1->b_1', 'wait2s_1->b_1']);
    const runId = await engine.startRun(plan, {});
    while ((await engine.snapshot(runId))?.nodes.wait2s_1?.state !== 'running') await sleep(20);
    const keys = await engine.redis.keys(`${engine.prefix}{run:${runId}}:*`);
    expect(keys).toEqual(expect.arrayContaining([expect.stringMatching(/:join:b_1$/), expect.stringMatching(/:mbx:b_1$/), expect.stringMatching(/:actors$/)]));
    for (const key of keys) expect(await engine.redis.ttl(key), key).toBeGreaterThan(50);
    await eventsUntilEnd(engine, runId);
    expect((await engine.meta(runId))?.status).toBe('completed');
  });

  it('survives a worker process killed with SIGKILL mid-run: every message and output exactly once', async () => {
    const engine = started({ lockDurationMs: 2000 });
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'testing/crash-worker.ts')], {
      env: { ...process.env, WEFT_PREFIX: engine.prefix },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((ok) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && ok()));
    const runId = await engine.startRun(crashPlan, { slowMs: 1500 });
    await killMidRunAndCheck(engine, runId, child);
  });
});
