/**
 * A deciding loop (the supervisor agent's shape, ARCHITECTURE.md "Loops"): its start runs again
 * in every iteration with the records so far and routes into one path of the body or ends the
 * loop; each iteration's decision is an actor of its own, finished once, so a crash or a
 * re-delivered job never decides an iteration twice.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { jobIdOf } from './activation-job.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { testExecute } from './testing/test-executor.ts';
import { killWhenRunning } from './testing/crash-run.ts';

const engines: Engine[] = [];
afterAll(() => Promise.all(engines.map((e) => e.close())));

function started(options = {}) {
  const engine = testEngine(testExecute, options);
  engines.push(engine);
  return engine;
}

/** trigger → decide_1, whose paths a (slow_1) and b (b_1) both end at loopEnd_1 → after_1 */
const plan = buildPlan(
  {
    trigger_1: { type: 'trigger', role: 'trigger' },
    decide_1: { type: 'decide', role: 'loopStart' },
    slow_1: {},
    b_1: {},
    loopEnd_1: { type: 'loopEnd', role: 'loopEnd' },
    after_1: {},
  },
  ['trigger_1->decide_1', 'decide_1:a->slow_1', 'decide_1:b->b_1', 'slow_1->loopEnd_1', 'b_1->loopEnd_1', 'loopEnd_1->after_1'],
);

describe('a deciding loop', () => {
  it('runs the chosen path in each iteration, skips the other, and ends when its start says so', async () => {
    const engine = started();
    engine.startWorker(4);
    const runId = await engine.startRun(plan, { steps: ['b', 'a', 'b'], slowMs: 10 });
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    const snap = await engine.snapshot(runId);
    expect(snap?.nodes['b_1#0'].state).toBe('completed');
    expect(snap?.nodes['slow_1#0'].state).toBe('skipped');
    expect(snap?.nodes['slow_1#1'].state).toBe('completed');
    expect(snap?.nodes['decide_1#2'].output).toMatchObject({ chose: 'b', seen: 2 });
    const end = snap?.nodes.loopEnd_1.output as { loopOutput: { index: number; currentValue: { chose: string }; output: unknown }[]; loopEndedBy: unknown };
    expect(end.loopOutput.map((r) => [r.index, r.currentValue.chose])).toEqual([[0, 'b'], [1, 'a'], [2, 'b']]);
    expect(end.loopOutput[0].output).toEqual({ node: 'b_1' });
    expect(end.loopEndedBy).toMatchObject({ ended: true, seen: 3 });
    expect(snap?.nodes.after_1.state).toBe('completed');
    // the body's nodes, outside the iterations, say they ran inside the loop
    expect(snap?.nodes.slow_1).toMatchObject({ state: 'completed', output: 'Ran inside the loop' });
    expect(snap?.nodes.b_1).toMatchObject({ state: 'completed', output: 'Ran inside the loop' });
  });

  it('ends at its bound without another decision, and at once when the first decision ends it', async () => {
    const engine = started();
    engine.startWorker(4);
    const bounded = await engine.startRun(plan, { steps: ['b', 'b', 'b'], max: 2 });
    await eventsUntilEnd(engine, bounded);
    const snap = await engine.snapshot(bounded);
    expect(snap?.nodes['decide_1#2']).toBeUndefined();
    expect(snap?.nodes.loopEnd_1.output).toMatchObject({ loopEndedBy: null });
    expect((snap?.nodes.loopEnd_1.output as { loopOutput: unknown[] }).loopOutput).toHaveLength(2);

    const none = await engine.startRun(plan, { steps: [] });
    await eventsUntilEnd(engine, none);
    const first = await engine.snapshot(none);
    expect(first?.nodes.loopEnd_1.output).toMatchObject({ loopOutput: [], loopEndedBy: { ended: true, seen: 0 } });
    expect(first?.nodes.after_1.state).toBe('completed');
  });

  it('does not decide an iteration twice when its job is delivered again', async () => {
    const engine = started();
    engine.startWorker(2);
    const runId = await engine.startRun(plan, { steps: ['b', 'b'] });
    await eventsUntilEnd(engine, runId);
    const before = await engine.snapshot(runId);
    const queue = (engine as unknown as { queue: { add(name: string, data: unknown, opts: unknown): Promise<unknown> } }).queue;
    await queue.add('activate', { runId, actor: 'decide_1#1', node: 'decide_1', iteration: '1' }, { jobId: `${jobIdOf(runId, 'decide_1#1')}/again` });
    await sleep(500);
    const after = await engine.snapshot(runId);
    expect(after?.nodes['decide_1#1'].output).toEqual(before?.nodes['decide_1#1'].output);
    expect(after?.nodes['decide_1#1'].output).toMatchObject({ calls: 1 });
    expect(after?.nodes.loopEnd_1.output).toEqual(before?.nodes.loopEnd_1.output);
  });

  it('survives a worker killed mid-iteration: the iteration resumes, no decision is made twice', async () => {
    const engine = started({ lockDurationMs: 2000 });
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'testing/crash-worker.ts')], {
      env: { ...process.env, WEFT_PREFIX: engine.prefix },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((ok) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && ok()));
    const runId = await engine.startRun(plan, { steps: ['b', 'a', 'b'], slowMs: 1500 });
    const events = await killWhenRunning(engine, runId, child, 'slow_1#1');
    const snap = await engine.snapshot(runId);
    // decided by the killed worker, not again by this one
    expect(snap?.nodes['decide_1#1'].output).toMatchObject({ chose: 'a', pid: child.pid, calls: 1 });
    expect((snap?.nodes['slow_1#1'].output as { pid: number }).pid).toBe(process.pid);
    expect(snap?.nodes['decide_1#2'].output).toMatchObject({ chose: 'b', pid: process.pid, calls: 1 });
    for (const i of [0, 1, 2, 3]) {
      expect(events.filter((e) => e.type === 'node.completed' && e.nodeId === 'decide_1' && e.iteration === i)).toHaveLength(1);
    }
    expect(events.filter((e) => e.type === 'node.completed' && e.nodeId === 'loopEnd_1' && e.iteration === undefined)).toHaveLength(1);
  });
});
