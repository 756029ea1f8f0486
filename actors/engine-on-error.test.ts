/**
 * A node's On error setting: 'continue' turns its failure (after its retries) into an output
 * `{error: {message, kind}}` that flows on as data, and the run goes on to complete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { testExecute as execute } from './testing/test-executor.ts';
import { isEvent } from '../contract/run-events.ts';

let engine: Engine;
beforeAll(() => {
  engine = testEngine(execute);
  engine.startWorker(4);
});
afterAll(() => engine.close());

const trigger = { trigger_1: { type: 'trigger', role: 'trigger' as const } };

/** The payload of the one message `actor` received. */
async function received(runId: string, actor: string): Promise<unknown> {
  const actors = await engine.actors(runId);
  const messages = actors?.find((a) => a.actor === actor)?.mailbox.messages ?? [];
  expect(messages).toHaveLength(1);
  return messages[0].payload;
}

describe('onError continue', () => {
  it('completes the failing node with its error as output, which the next node receives, and the run completes', async () => {
    const plan = buildPlan({ ...trigger, refuse_1: { onError: 'continue' }, after_1: {} }, ['trigger_1->refuse_1', 'refuse_1->after_1']);
    const runId = await engine.startRun(plan, {});
    const events = await eventsUntilEnd(engine, runId);
    const error = { message: 'Search query is required', kind: 'user' };
    expect(events.filter(isEvent('node.completed')).find((e) => e.nodeId === 'refuse_1')).toMatchObject({ code: 500, output: { error } });
    expect(events.some((e) => e.type === 'node.failed')).toBe(false);
    expect(await received(runId, 'after_1')).toEqual({ error });
    expect(events.at(-1)?.type).toBe('run.completed');
    expect((await engine.snapshot(runId))?.nodes.after_1.state).toBe('completed');
  });

  it('retries a passing fault first, then goes on with the last error and code 509', async () => {
    const plan = buildPlan({ ...trigger, unreachable_1: { retries: 2, retryDelayMs: 10, onError: 'continue' }, after_1: {} }, [
      'trigger_1->unreachable_1', 'unreachable_1->after_1',
    ]);
    const runId = await engine.startRun(plan, {});
    const events = await eventsUntilEnd(engine, runId);
    expect(events.filter((e) => e.type === 'node.progress')).toHaveLength(2);
    // the node's own last error, not 'Max retries reached for node …'
    const error = { message: 'service unavailable (attempt 3)', kind: 'operational' };
    expect(events.filter(isEvent('node.completed')).find((e) => e.nodeId === 'unreachable_1')).toMatchObject({ code: 509, output: { error } });
    expect(await received(runId, 'after_1')).toEqual({ error });
    expect(await engine.meta(runId)).toMatchObject({ status: 'completed' });
  });

  it("goes on past a failed child run with the child's error", async () => {
    const child = buildPlan({ ...trigger, refuse_1: {} }, ['trigger_1->refuse_1'], 'flow_child');
    const parent = buildPlan({ ...trigger, child_1: { onError: 'continue' }, after_1: {} }, ['trigger_1->child_1', 'child_1->after_1']);
    const runId = await engine.startRun(parent, { childPlan: child });
    await eventsUntilEnd(engine, runId);
    expect(await engine.meta(runId)).toMatchObject({ status: 'completed' });
    expect(await received(runId, 'after_1')).toEqual({ error: { message: 'Search query is required', kind: 'user' } });
  });

  it("a router that goes on sends its error along every route: it chose none", async () => {
    const plan = buildPlan({ ...trigger, pick_1: { type: 'fail', role: 'router', onError: 'continue' }, yes_1: {}, no_1: {} }, [
      'trigger_1->pick_1', 'pick_1:Condition 1->yes_1', 'pick_1:Else->no_1',
    ]);
    const runId = await engine.startRun(plan, {});
    await eventsUntilEnd(engine, runId);
    const error = { message: 'boom', kind: 'unexpected' };
    expect(await received(runId, 'yes_1')).toEqual({ error });
    expect(await received(runId, 'no_1')).toEqual({ error });
  });

  it("'stop' (the default) still fails the run", async () => {
    const plan = buildPlan({ ...trigger, refuse_1: { onError: 'stop' }, after_1: {} }, ['trigger_1->refuse_1', 'refuse_1->after_1']);
    const runId = await engine.startRun(plan, {});
    await eventsUntilEnd(engine, runId);
    expect(await engine.meta(runId)).toMatchObject({ status: 'failed', failedNode: 'refuse_1', errorKind: 'user' });
  });
});
