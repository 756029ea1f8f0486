import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { testExecute as execute } from './testing/test-executor.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { entryOf } from './run-reader.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { isEvent, nodeOf } from '../contract/run-events.ts';

let engine: Engine;
beforeAll(() => {
  engine = testEngine(execute);
  engine.startWorker(8);
});
afterAll(() => engine.close());

const trigger = { trigger_1: { type: 'trigger', role: 'trigger' as const } };

describe('engine', () => {
  it('runs a chain and stores each output under the node id', async () => {
    const plan = buildPlan({ ...trigger, a_1: {}, b_1: {} }, ['trigger_1->a_1', 'a_1->b_1']);
    const runId = await engine.startRun(plan, { hello: 1 });
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    const snap = await engine.snapshot(runId);
    expect(snap?.nodes.trigger_1.output).toEqual({ hello: 1 });
    expect(snap?.nodes.b_1).toMatchObject({ state: 'completed', output: { node: 'b_1' } });
    expect(events.filter((e) => e.type === 'edge.message').map((e) => e.edgeId)).toEqual(['e1', 'e2']);
  });

  it('writes a step\'s events as one entry of the events stream, and resumes from any event in it', async () => {
    const plan = buildPlan({ ...trigger, a_1: {}, b_1: {} }, ['trigger_1->a_1', 'trigger_1->b_1']);
    const runId = await engine.startRun(plan, {});
    const events = await eventsUntilEnd(engine, runId);
    const entries = await engine.redis.xrange(`${engine.prefix}{run:${runId}}:events`, '-', '+');
    const stored = entries.flatMap(([entry, fields]) => (JSON.parse(fields[1]) as { type: string }[]).map((e, k) => `${entry}-${k} ${e.type}`));
    expect(stored).toEqual(events.map((e) => `${e.id} ${e.type}`));
    // the start, with the trigger's step (run here: start-1.lua finishes it): started, completed, two edge messages, two queued
    const step = events.filter((e) => entryOf(e.id!) === entryOf(events[0].id!));
    expect(step.map((e) => e.type)).toEqual([
      'run.started', 'node.queued', 'node.started', 'node.completed', 'edge.message', 'node.queued', 'edge.message', 'node.queued',
    ]);
    expect(entries.length).toBeLessThan(events.length / 2);
    for (const at of [3, 5, 9]) expect(await engine.events(runId, events[at].id!)).toEqual(events.slice(at + 1));
    // a bare entry id (as ids looked before steps were batched) means: after that whole entry
    expect(await engine.events(runId, entries[0][0])).toEqual(events.slice(step.length));
  });

  it('a trigger that throws is not finished by the start: it runs as an activation and fails (or retries) as any node', async () => {
    for (const [type, code] of [['fail', 500], ['flaky', 204]] as const) {
      const plan = buildPlan({ trigger_1: { type, role: 'trigger', retries: 3, retryDelayMs: 10 }, a_1: {} }, ['trigger_1->a_1']);
      const runId = await engine.startRun(plan, {});
      const events = await eventsUntilEnd(engine, runId);
      const entries = await engine.redis.xrange(`${engine.prefix}{run:${runId}}:events`, '-', '+');
      // the start's own entry: the trigger only queued
      expect((JSON.parse(entries[0][1][1]) as { type: string }[]).map((e) => e.type)).toEqual(['run.started', 'node.queued']);
      const end = events.find((e) => nodeOf(e) === 'trigger_1' && (e.type === 'node.failed' || e.type === 'node.completed'));
      expect(end).toMatchObject({ type: type === 'fail' ? 'node.failed' : 'node.completed', code });
      expect(events.at(-1)?.type).toBe(type === 'fail' ? 'run.failed' : 'run.completed');
    }
  });

  it('joins: a node fires once all incoming ports are filled, exactly once', async () => {
    const plan = buildPlan({ ...trigger, a_1: {}, b_1: {}, c_1: {}, join_1: {} }, [
      'trigger_1->a_1', 'trigger_1->b_1', 'trigger_1->c_1', 'a_1->join_1', 'b_1->join_1', 'c_1->join_1',
    ]);
    const runId = await engine.startRun(plan, {});
    const events = await eventsUntilEnd(engine, runId);
    expect(events.filter((e) => e.type === 'node.started' && e.nodeId === 'join_1')).toHaveLength(1);
    const started = events.findIndex((e) => e.type === 'node.started' && e.nodeId === 'join_1');
    const lastIn = events.findLastIndex((e) => e.type === 'edge.message' && e.nodeId === 'join_1');
    expect(started).toBeGreaterThan(lastIn);
    const actors = await engine.actors(runId);
    expect(actors?.find((a) => a.actor === 'join_1')?.mailbox.length).toBe(3);
  });

  it('routes by handle and skips transitively; a join of data and skip runs', async () => {
    const plan = buildPlan({ ...trigger, pick_1: { type: 'pick', role: 'router' }, yes_1: {}, no_1: {}, after_no_1: {}, end_1: {} }, [
      'trigger_1->pick_1', 'pick_1:Condition 1->yes_1', 'pick_1:Else->no_1', 'no_1->after_no_1', 'yes_1->end_1', 'after_no_1->end_1',
    ]);
    const runId = await engine.startRun(plan, { choice: 'Condition 1' });
    const events = await eventsUntilEnd(engine, runId);
    const snap = await engine.snapshot(runId);
    expect(snap?.nodes.no_1).toMatchObject({ state: 'skipped', output: 'Skipped the node execution' });
    expect(snap?.nodes.after_no_1.state).toBe('skipped');
    expect(snap?.nodes.end_1.state).toBe('completed');
    expect(events.filter(isEvent('edge.message')).find((e) => e.edgeId === 'e3')?.kind).toBe('skip');
  });

  it('fails the run with the node named, and retries a passing fault with codes 204/509', async () => {
    const failing = buildPlan({ ...trigger, unreachable_1: { retries: 2, retryDelayMs: 10 } }, ['trigger_1->unreachable_1']);
    const runId = await engine.startRun(failing, {});
    const events = await eventsUntilEnd(engine, runId);
    expect(events.filter((e) => e.type === 'node.progress').map((e) => e.message)).toEqual([
      'Attempt 1 failed: service unavailable (attempt 1); retrying',
      'Attempt 2 failed: service unavailable (attempt 2); retrying',
    ]);
    const failed = events.find((e) => e.type === 'node.failed');
    expect(failed).toMatchObject({
      nodeId: 'unreachable_1', error: 'Max retries reached for node unreachable_1', errorKind: 'operational', code: 509,
      message: 'service unavailable (attempt 3)',
    });
    expect(events.at(-1)).toMatchObject({ type: 'run.failed', nodeId: 'unreachable_1', errorKind: 'operational' });
    expect(await engine.meta(runId)).toMatchObject({ status: 'failed', failedNode: 'unreachable_1', errorKind: 'operational' });

    const flaky = buildPlan({ ...trigger, flaky_1: { retries: 5, retryDelayMs: 10 } }, ['trigger_1->flaky_1']);
    const second = await engine.startRun(flaky, {});
    const done = await eventsUntilEnd(engine, second);
    expect(done.find((e) => e.type === 'node.completed' && e.nodeId === 'flaky_1')).toMatchObject({ code: 204, output: { attempts: 3 } });
  });

  it('fails at once on a user or unexpected error, retries configured or not, and says whose fault it is', async () => {
    for (const [type, error, errorKind] of [['refuse', 'Search query is required', 'user'], ['fail', 'boom', 'unexpected']]) {
      const plan = buildPlan({ ...trigger, [`${type}_1`]: { retries: 3, retryDelayMs: 10 } }, [`trigger_1->${type}_1`]);
      const runId = await engine.startRun(plan, {});
      const events = await eventsUntilEnd(engine, runId);
      expect(events.filter((e) => e.type === 'node.progress')).toEqual([]);
      const failed = events.find((e) => e.type === 'node.failed');
      expect(failed).toMatchObject({ nodeId: `${type}_1`, error, errorKind, code: 500 });
      expect(failed?.message).toBeUndefined();
      expect(events.at(-1)).toMatchObject({ type: 'run.failed', nodeId: `${type}_1`, error, errorKind });
      expect(await engine.meta(runId)).toMatchObject({ status: 'failed', error, errorKind, failedNode: `${type}_1` });
      expect((await engine.snapshot(runId))?.nodes[`${type}_1`]).toMatchObject({ state: 'failed', error, errorKind });
      // a realtime caller, asking after the end and while it runs
      expect(await engine.awaitResult(runId, plan.flowId, [], 5000)).toEqual({ status: 'failed', error, errorKind, failedNode: `${type}_1` });
      const live = await engine.startRun(plan, {});
      expect(await engine.awaitResult(live, plan.flowId, [], 5000)).toEqual({ status: 'failed', error, errorKind, failedNode: `${type}_1` });
    }
  });

  it('a child run\'s failure fails its parent with the child\'s kind', async () => {
    const child = buildPlan({ ...trigger, refuse_1: {} }, ['trigger_1->refuse_1'], 'flow_child');
    const parent = buildPlan({ ...trigger, child_1: { retries: 2, retryDelayMs: 10 } }, ['trigger_1->child_1']);
    const runId = await engine.startRun(parent, { childPlan: child });
    await eventsUntilEnd(engine, runId);
    expect(await engine.meta(runId)).toMatchObject({ status: 'failed', error: 'Search query is required', errorKind: 'user', failedNode: 'child_1' });
  });

  it('iterates a loop body in isolation and gathers every iteration', async () => {
    const plan = buildPlan(
      { ...trigger, loop_1: { type: 'loop', role: 'loopStart' }, double_1: {}, loopEnd_1: { type: 'loopEnd', role: 'loopEnd' }, after_1: {} },
      ['trigger_1->loop_1', 'loop_1->double_1', 'double_1->loopEnd_1', 'loopEnd_1->after_1'],
    );
    const runId = await engine.startRun(plan, { items: [1, 2, 3] });
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    const snap = await engine.snapshot(runId);
    expect(snap?.nodes['double_1#2'].output).toBe(6);
    expect(snap?.nodes.loopEnd_1.output).toEqual({
      condition: 'Loop End',
      loopOutput: [
        { index: 0, currentValue: 1, output: 2 },
        { index: 1, currentValue: 2, output: 4 },
        { index: 2, currentValue: 3, output: 6 },
      ],
    });
    expect(snap?.nodes.after_1.state).toBe('completed');

    const empty = await engine.startRun(plan, { items: [] });
    await eventsUntilEnd(engine, empty);
    expect((await engine.snapshot(empty))?.nodes.loopEnd_1.output).toEqual({ condition: 'Loop End', loopOutput: [] });
  });

  it('delays without holding a worker, and stops a run as incomplete', async () => {
    const plan = buildPlan({ ...trigger, sleep_1: {}, stop_1: {}, never_1: {} }, ['trigger_1->sleep_1', 'sleep_1->stop_1', 'stop_1->never_1']);
    const runId = await engine.startRun(plan, {});
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.incomplete');
    expect((await engine.snapshot(runId))?.nodes.never_1).toBeUndefined();
  });

  it('fails past the depth limit of 100', async () => {
    const nodes: Record<string, object> = { ...trigger };
    const edges: string[] = [];
    let previous = 'trigger_1';
    for (let i = 1; i <= 101; i++) {
      nodes[`n_${i}`] = {};
      edges.push(`${previous}->n_${i}`);
      previous = `n_${i}`;
    }
    const runId = await engine.startRun(buildPlan(nodes, edges), {});
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)).toMatchObject({ type: 'run.failed', error: 'Maximum flow execution depth exceeded (limit: 100)', errorKind: 'user' });
    expect(await engine.meta(runId)).toMatchObject({ failedNode: 'n_100', errorKind: 'user' });
  });
});
