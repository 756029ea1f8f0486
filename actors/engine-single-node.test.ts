/** One node run alone (docs/debugging.md, "Run one node"): nothing before or after it runs. */
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { eventsUntilEnd, ranIn, recording, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { testExecute } from './testing/test-executor.ts';

const engines: Engine[] = [];
afterAll(() => Promise.all(engines.map((e) => e.close())));

/** Every execution, as `<runId> <actor>`; `see` nodes answer what a_1, b_1 and c_1 handed them. */
function counting(): { executed: string[]; engine: Engine } {
  const { executed, execute } = recording(async (a) => {
    if (a.node.type !== 'see') return testExecute(a);
    return { output: { node: a.node.id, saw: await a.outputs(['a_1', 'b_1', 'c_1']) } };
  });
  const engine = testEngine(execute);
  engines.push(engine);
  engine.startWorker(4);
  return { executed, engine };
}

const ran = (executed: string[], runId: string) => ranIn(executed, runId).sort();
const trigger = { trigger_1: { type: 'trigger', role: 'trigger' as const } };
// trigger_1 → a_1 → join_1 → after_1, trigger_1 → b_1 → join_1
const joinPlan = buildPlan({ ...trigger, a_1: {}, b_1: {}, join_1: { type: 'see', pinned: { output: 'pin' } }, after_1: {} }, [
  'trigger_1->a_1', 'trigger_1->b_1', 'a_1->join_1', 'b_1->join_1', 'join_1->after_1',
]);

describe('Engine.runNode', () => {
  it('a join alone: both branches hand on what the past run recorded (one edited); its own pin is ignored; nothing after it runs', async () => {
    const { executed, engine } = counting();
    const source = await engine.startRun(joinPlan, { n: 1 });
    await eventsUntilEnd(engine, source);
    const alone = await engine.runNode(joinPlan, 'join_1', { fromRun: source, outputs: { b_1: { edited: true } } });
    const events = await eventsUntilEnd(engine, alone);
    expect(events.at(-1)?.type).toBe('run.completed');
    expect(ran(executed, alone)).toEqual(['join_1']);
    const snap = await engine.snapshot(alone);
    expect(snap).toMatchObject({ singleNode: 'join_1', rerunOf: { runId: source, fromNode: 'join_1' }, input: { n: 1 } });
    expect(snap?.nodes.join_1.output).toEqual({ node: 'join_1', saw: { a_1: { node: 'a_1' }, b_1: { edited: true } } });
    expect(snap?.nodes.after_1).toBeUndefined();
  });

  it('with pasted outputs and no past run: the nodes before it complete with them, the node runs once', async () => {
    const { executed, engine } = counting();
    const alone = await engine.runNode(joinPlan, 'join_1', { outputs: { a_1: 'A', b_1: 'B', trigger_1: { q: 1 } } });
    await eventsUntilEnd(engine, alone);
    expect(ran(executed, alone)).toEqual(['join_1']);
    const snap = await engine.snapshot(alone);
    expect(snap?.rerunOf).toBeUndefined();
    expect(snap).toMatchObject({ status: 'completed', singleNode: 'join_1', input: { q: 1 } });
    expect(snap?.nodes.join_1.output).toEqual({ node: 'join_1', saw: { a_1: 'A', b_1: 'B' } });
    const actors = await engine.actors(alone);
    expect(actors?.find((a) => a.actor === 'join_1')?.mailbox.messages.map((m) => m.payload)).toEqual(['A', 'B']);
  });

  it('a loop node alone runs its whole loop and stops at its loop end', async () => {
    const { executed, engine } = counting();
    const plan = buildPlan({ ...trigger, loop_1: { type: 'loop', role: 'loopStart' }, double_1: { type: 'double' }, end_1: { type: 'loopEnd', role: 'loopEnd' }, after_1: {} }, [
      'trigger_1->loop_1', 'loop_1->double_1', 'double_1->end_1', 'end_1->after_1',
    ]);
    const source = await engine.startRun(plan, { items: [1, 2] });
    await eventsUntilEnd(engine, source);
    const alone = await engine.runNode(plan, 'loop_1', { fromRun: source });
    await eventsUntilEnd(engine, alone);
    expect(ran(executed, alone)).toEqual(['double_1#0', 'double_1#1', 'end_1', 'loop_1']);
    expect((await engine.snapshot(alone))?.nodes.end_1.output).toMatchObject({ loopOutput: [{ output: 2 }, { output: 4 }] });
  });

  it('refuses a past run of another flow, naming fromRun', async () => {
    const { engine } = counting();
    const other = buildPlan({ ...trigger, a_1: {} }, ['trigger_1->a_1'], 'flow_other');
    const source = await engine.startRun(other, {});
    await eventsUntilEnd(engine, source);
    await expect(engine.runNode(joinPlan, 'a_1', { fromRun: source })).rejects.toThrow(`fromRun: run ${source} is not a run of this flow`);
    await expect(engine.runNode(joinPlan, 'a_1', { fromRun: 'run_nope' })).rejects.toThrow('fromRun: no run run_nope');
  });
});
