/**
 * Running ahead (actors/run-ahead.ts): the pure node a finish makes ready runs at once, in the
 * process that ran the node before it, and its finish is stored in that node's one call.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { nodeOf, type RunEvent } from '../contract/run-events.ts';
import { frozenNodes, type Engine } from './engine.ts';
import type { ExecuteFn } from './engine-types.ts';
import { runKeys } from './keys.ts';
import { ActorFunctions } from './scripts.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { testExecute } from './testing/test-executor.ts';

const trigger = { trigger_1: { type: 'trigger', role: 'trigger' as const } };
const engines: Engine[] = [];
afterAll(() => Promise.all(engines.map((e) => e.close())));

/** testExecute, and 'seen': the outputs of every node before it (its output is what it read) */
const execute: ExecuteFn = async (a) => {
  if (a.node.type !== 'seen') return testExecute(a);
  return { output: await a.outputs(['trigger_1', 'a_1', 'b_1', 'c_1'].filter((id) => id !== a.node.id)) };
};
const started = () => {
  const engine = testEngine(execute);
  engines.push(engine);
  engine.startWorker(2);
  return engine;
};
const steps = (events: RunEvent[]) => events.map((e) => [e.type, e.type === 'edge.message' ? e.edgeId : (nodeOf(e) ?? '')].join(' ').trim());
const entries = (engine: Engine, runId: string) => engine.redis.xlen(runKeys(engine.prefix, runId).events);

describe('running ahead', () => {
  it('stores pure nodes after the trigger with the run start: every step in order, one entry of the events stream, no claim', async () => {
    const engine = started();
    const plan = buildPlan({ ...trigger, a_1: { type: 'seen', pure: true }, b_1: { type: 'seen', pure: true } }, ['trigger_1->a_1', 'a_1->b_1']);
    const runId = await engine.startRun(plan, { n: 1 });
    // the run ended with its start: nothing to recover, so it was never claimed (actors/eager.ts)
    expect(await engine.redis.zcard(`${engine.prefix}eager`)).toBe(0);
    const events = await eventsUntilEnd(engine, runId);
    expect(steps(events)).toEqual([
      'run.started', 'node.queued trigger_1', 'node.started trigger_1', 'node.completed trigger_1',
      'edge.message e1', 'node.queued a_1', 'node.started a_1', 'node.completed a_1',
      'edge.message e2', 'node.queued b_1', 'node.started b_1', 'node.completed b_1', 'run.completed',
    ]);
    expect(await entries(engine, runId)).toBe(1);
    const snapshot = (await engine.snapshot(runId))!;
    expect(snapshot.nodes.a_1.output).toEqual({ trigger_1: { n: 1 } });
    expect(snapshot.nodes.b_1.output).toEqual({ trigger_1: { n: 1 }, a_1: { trigger_1: { n: 1 } } });
    for (const node of Object.values(snapshot.nodes)) expect([node.state, typeof node.startedAt, typeof node.finishedAt]).toEqual(['completed', 'number', 'number']);
    const mailboxes = Object.fromEntries((await engine.actors(runId))!.map((a) => [a.actor, a.mailbox.length]));
    expect(mailboxes).toMatchObject({ a_1: 1, b_1: 1 });
  });

  it('stores the pure nodes after an eager activation with its finish', async () => {
    const engine = started();
    const plan = buildPlan({ ...trigger, x_1: {}, a_1: { type: 'seen', pure: true }, b_1: { type: 'seen', pure: true } }, [
      'trigger_1->x_1', 'x_1->a_1', 'a_1->b_1',
    ]);
    const runId = await engine.startRun(plan, { n: 2 });
    expect((await eventsUntilEnd(engine, runId)).at(-1)?.type).toBe('run.completed');
    // the start (trigger_1), x_1's finish with a_1 and b_1
    expect(await entries(engine, runId)).toBe(2);
    expect((await engine.snapshot(runId))!.nodes.b_1.output).toEqual({ trigger_1: { n: 2 }, a_1: { trigger_1: { n: 2 } } });
  });

  it('runs past a router only along its chosen edge; an untaken one is skipped, not run', async () => {
    const engine = started();
    const plan = buildPlan({ ...trigger, pick_1: { pure: true, role: 'router' }, a_1: { pure: true } }, ['trigger_1->pick_1', 'pick_1:yes->a_1']);
    const taken = await engine.startRun(plan, { choice: 'yes' });
    expect((await eventsUntilEnd(engine, taken)).at(-1)?.type).toBe('run.completed');
    expect(await entries(engine, taken)).toBe(1);
    expect((await engine.snapshot(taken))!.nodes.a_1.state).toBe('completed');
    const untaken = await engine.startRun(plan, { choice: 'no' });
    expect(steps(await eventsUntilEnd(engine, untaken)).slice(-3)).toEqual(['edge.message e2', 'node.skipped a_1', 'run.completed']);
  });

  it('does not run ahead a pure node that throws: it runs as an activation and fails the run as before', async () => {
    const engine = started();
    const plan = buildPlan({ ...trigger, a_1: { pure: true }, fail_1: { pure: true } }, ['trigger_1->a_1', 'a_1->fail_1']);
    const runId = await engine.startRun(plan, {});
    const events = await eventsUntilEnd(engine, runId);
    expect(steps(events).slice(-3)).toEqual(['node.started fail_1', 'node.failed fail_1', 'run.failed fail_1']);
    expect(events.at(-1)).toMatchObject({ error: 'boom' });
    // the start with a_1, then fail_1's begin and its failure
    expect(await entries(engine, runId)).toBe(3);
  });

  it('does not run ahead into a join, nor a node with no pure flag', async () => {
    const engine = started();
    const plan = buildPlan({ ...trigger, a_1: { pure: true }, b_1: {}, j_1: { pure: true } }, ['trigger_1->a_1', 'a_1->b_1', 'a_1->j_1', 'b_1->j_1']);
    const runId = await engine.startRun(plan, {});
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    for (const node of ['a_1', 'b_1', 'j_1']) expect(events.filter((e) => e.type === 'node.completed' && e.nodeId === node)).toHaveLength(1);
    // the start with a_1, b_1's finish, j_1's finish
    expect(await entries(engine, runId)).toBe(3);
  });

  it('takes a step run ahead only when the finish before it made that actor ready', async () => {
    const engine = started();
    const functions = new ActorFunctions(engine.redis);
    const plan = buildPlan({ ...trigger, a_1: {}, b_1: {} }, ['trigger_1->a_1', 'a_1->b_1']);
    const runId = 'run_ahead_guard';
    const now = Date.now();
    const [verdict, status, ready, ranAhead] = await functions.start(runKeys(engine.prefix, runId).meta, {
      runId, trigger: 'trigger_1', now, retention: 60, channel: `${engine.prefix}live:test`, payloadLimit: 2048,
      meta: { runId, flowId: plan.flowId, projectId: plan.projectId, version: '1', mode: 'test', hop: '0', trigger: 'trigger_1', input: '{}' },
      nodes: frozenNodes(plan),
      triggerRan: { output: '{}', endedAt: now },
      // b_1 is not what the trigger's finish makes ready
      ranAhead: [{ node: 'b_1', output: '{"b":1}', chosen: '', startedAt: now, endedAt: now }],
    });
    expect([verdict, status, ready, ranAhead]).toEqual(['ok', 'running', '["a_1"]', 0]);
    const nodes = (await engine.snapshot(runId))!.nodes;
    expect([nodes.a_1.state, nodes.b_1?.state]).toEqual(['queued', undefined]);
  });
});
