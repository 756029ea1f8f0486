/**
 * A disabled plan node never runs: the message that would make it ready skips it, as an untaken
 * branch would, so what follows behaves as after a skipped branch and the run completes. A
 * pinned plan node (a test run's plan) completes with its pinned output without running.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import type { ExecuteFn } from './engine-types.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { testExecute } from './testing/test-executor.ts';
import { isEvent, nodeOf } from '../contract/run-events.ts';

let engine: Engine;
/** the plan nodes the executor ran, in order */
const ran: string[] = [];
const execute: ExecuteFn = async (activation) => {
  ran.push(`${activation.runId}/${activation.node.id}`);
  if (activation.node.type === 'reads') return { output: { seen: await activation.outputs(['pinned_1']) } };
  return testExecute(activation);
};
const ranIn = (runId: string) => ran.filter((r) => r.startsWith(`${runId}/`)).map((r) => r.slice(runId.length + 1));

beforeAll(() => {
  engine = testEngine(execute);
  engine.startWorker(4);
});
afterAll(() => engine.close());

const trigger = { trigger_1: { type: 'trigger', role: 'trigger' as const } };

describe('a disabled node', () => {
  it('in the middle of a chain is skipped, and so is what follows it; the run completes', async () => {
    const plan = buildPlan({ ...trigger, a_1: {}, off_1: { disabled: true }, b_1: {}, c_1: {} }, [
      'trigger_1->a_1', 'a_1->off_1', 'off_1->b_1', 'b_1->c_1',
    ]);
    const runId = await engine.startRun(plan, {});
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    expect(ranIn(runId)).toEqual(['trigger_1', 'a_1']);
    const snap = await engine.snapshot(runId);
    expect(snap?.nodes.off_1).toMatchObject({ state: 'skipped', output: 'Skipped: the node is disabled' });
    expect(snap?.nodes.b_1).toMatchObject({ state: 'skipped', output: 'Skipped the node execution' });
    expect(snap?.nodes.c_1.state).toBe('skipped');
    // it received data and sent a skip on
    expect(events.filter(isEvent('edge.message')).find((e) => e.edgeId === 'e2')?.kind).toBe('data');
    expect(events.filter(isEvent('edge.message')).find((e) => e.edgeId === 'e3')?.kind).toBe('skip');
    expect(events.some((e) => nodeOf(e) === 'off_1' && (e.type === 'node.started' || e.type === 'node.queued'))).toBe(false);
  });

  it('on one branch of a fan-out: that branch is skipped, the join runs on the other branch', async () => {
    const plan = buildPlan({ ...trigger, left_1: {}, right_1: { disabled: true }, after_right_1: {}, join_1: {} }, [
      'trigger_1->left_1', 'trigger_1->right_1', 'right_1->after_right_1', 'left_1->join_1', 'after_right_1->join_1',
    ]);
    const runId = await engine.startRun(plan, {});
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    expect(ranIn(runId).sort()).toEqual(['join_1', 'left_1', 'trigger_1']);
    const snap = await engine.snapshot(runId);
    expect(snap?.nodes.right_1.state).toBe('skipped');
    expect(snap?.nodes.after_right_1.state).toBe('skipped');
    expect(snap?.nodes.join_1).toMatchObject({ state: 'completed', output: { node: 'join_1' } });
  });

  it('as the only way to the end: everything after it is skipped and the run still completes', async () => {
    const plan = buildPlan({ ...trigger, off_1: { disabled: true }, end_1: {} }, ['trigger_1->off_1', 'off_1->end_1']);
    const runId = await engine.startRun(plan, {});
    await eventsUntilEnd(engine, runId);
    expect(await engine.meta(runId)).toMatchObject({ status: 'completed' });
    expect(ranIn(runId)).toEqual(['trigger_1']);
  });

  it('inside a loop body is skipped in every iteration; the loop still ends', async () => {
    const plan = buildPlan({ ...trigger, loop_1: { type: 'loop', role: 'loopStart' }, off_1: { disabled: true }, loopEnd_1: { type: 'loopEnd', role: 'loopEnd' }, after_1: {} }, [
      'trigger_1->loop_1', 'loop_1->off_1', 'off_1->loopEnd_1', 'loopEnd_1->after_1',
    ]);
    const runId = await engine.startRun(plan, { items: [1, 2] });
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    expect(events.filter(isEvent('node.skipped')).filter((e) => e.nodeId === 'off_1').map((e) => e.iteration)).toEqual([0, 1]);
    expect(ranIn(runId)).not.toContain('off_1');
    expect((await engine.snapshot(runId))?.nodes.after_1.state).toBe('completed');
  });
});

describe('a pinned node', () => {
  it('does not run: it completes with its pinned output, which the next node reads', async () => {
    const pinned = { items: ['pinned'] };
    const plan = buildPlan({ ...trigger, pinned_1: { type: 'fail', pinned: { output: pinned } }, reader_1: { type: 'reads' } }, [
      'trigger_1->pinned_1', 'pinned_1->reader_1',
    ]);
    const runId = await engine.startRun(plan, {});
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    expect(ranIn(runId)).toEqual(['trigger_1', 'reader_1']);
    expect(events.filter(isEvent('node.completed')).find((e) => e.nodeId === 'pinned_1')?.output).toEqual(pinned);
    expect((await engine.snapshot(runId))?.nodes.reader_1.output).toEqual({ seen: { pinned_1: pinned } });
  });
});
