/** Re-runs from a node: the nodes before it are not run again, their recorded messages seed the new run. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import type { ExecuteFn } from './engine-types.ts';
import { runKeys } from './keys.ts';
import type { RerunRefusal } from './rerun-scope.ts';
import { crashPlan, killWhenRunning } from './testing/crash-run.ts';
import { eventsUntilEnd, ranIn, recording, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { testExecute } from './testing/test-executor.ts';

const engines: Engine[] = [];
afterAll(() => Promise.all(engines.map((e) => e.close())));

/** Every execution, as `<runId> <actor>`; `see` nodes answer what their sources handed them. */
function counting(): { executed: string[]; execute: ExecuteFn } {
  const { executed, execute } = recording(async (a) => {
    if (a.node.type !== 'see') return testExecute(a);
    return { output: { node: a.node.id, saw: await a.outputs(['a_1', 'b_1', 'c_1']) } };
  });
  return { executed, execute };
}

function started(execute: ExecuteFn, workers = 4, lockDurationMs?: number): Engine {
  const engine = testEngine(execute, lockDurationMs ? { lockDurationMs } : {});
  engines.push(engine);
  if (workers) engine.startWorker(workers);
  return engine;
}

const ran = (executed: string[], runId: string) => ranIn(executed, runId).sort();
const trigger = { trigger_1: { type: 'trigger', role: 'trigger' as const } };

describe('re-run from a node', () => {
  it('in a join: runs the node and what follows; the untouched branch hands on its recorded message; inputs edit a message', async () => {
    const { executed, execute } = counting();
    const engine = started(execute);
    // trigger_1 → a_1 → c_1 → join_1 → after_1, trigger_1 → b_1 → join_1
    const plan = buildPlan({ ...trigger, a_1: {}, b_1: {}, c_1: { type: 'see' }, join_1: { type: 'see' }, after_1: {} }, [
      'trigger_1->a_1', 'a_1->c_1', 'c_1->join_1', 'trigger_1->b_1', 'b_1->join_1', 'join_1->after_1',
    ]);
    const source = await engine.startRun(plan, { n: 1 });
    await eventsUntilEnd(engine, source);

    const { runId: rerun } = await engine.rerun(source, plan, 'c_1', { a_1: { edited: true } });
    const events = await eventsUntilEnd(engine, rerun);
    expect(events.at(-1)?.type).toBe('run.completed');
    expect(ran(executed, rerun)).toEqual(['after_1', 'c_1', 'join_1']);
    const snap = await engine.snapshot(rerun);
    expect(snap).toMatchObject({ mode: 'test', rerunOf: { runId: source, fromNode: 'c_1' }, input: { n: 1 } });
    expect(snap?.nodes.c_1.output).toMatchObject({ saw: { a_1: { edited: true }, b_1: { node: 'b_1' } } });
    // the recorded nodes keep their record: state and output
    expect(snap?.nodes.b_1).toMatchObject({ state: 'completed', output: { node: 'b_1' } });
    const mailbox = (await engine.redis.xrange(runKeys(engine.prefix, rerun).mailbox('join_1'), '-', '+')).map(([, f]) => JSON.parse(f[1]));
    expect(mailbox.map((m) => [m.from.nodeId, m.runId])).toEqual([['b_1', rerun], ['c_1', rerun]]);
    // the edited message is what c_1's mailbox carries
    const cMailbox = (await engine.redis.xrange(runKeys(engine.prefix, rerun).mailbox('c_1'), '-', '+')).map(([, f]) => JSON.parse(f[1]));
    expect(cMailbox.map((m) => m.payload)).toEqual([{ edited: true }]);
    // the source run is untouched
    expect((await engine.snapshot(source))?.nodes.c_1.output).toMatchObject({ saw: { a_1: { node: 'a_1' } } });
  });

  it('after a skipped branch: the join gets the recorded skip, the skipped node stays skipped and is not run', async () => {
    const { executed, execute } = counting();
    const engine = started(execute);
    const plan = buildPlan({ ...trigger, pick_1: { type: 'pick', role: 'router' }, a_1: {}, b_1: {}, join_1: {}, after_1: {} }, [
      'trigger_1->pick_1', 'pick_1:x->a_1', 'pick_1:y->b_1', 'a_1->join_1', 'b_1->join_1', 'join_1->after_1',
    ]);
    const source = await engine.startRun(plan, { choice: 'x' });
    await eventsUntilEnd(engine, source);
    const { runId: rerun } = await engine.rerun(source, plan, 'a_1');
    await eventsUntilEnd(engine, rerun);
    expect(ran(executed, rerun)).toEqual(['a_1', 'after_1', 'join_1']);
    const snap = await engine.snapshot(rerun);
    expect(snap?.status).toBe('completed');
    expect(snap?.nodes.b_1.state).toBe('skipped');
    expect(await engine.redis.hget(runKeys(engine.prefix, rerun).join('join_1'), 'e5')).toMatch(/^skip:/);
    // a node its run skipped has no message to start with
    await expect(engine.rerun(source, plan, 'b_1')).rejects.toThrow(`fromNode: 'b_1' was skipped in run ${source}: no message to start it with`);
    // from the router: it decides again (the input is the source run's)
    const { runId: again } = await engine.rerun(source, plan, 'pick_1');
    await eventsUntilEnd(engine, again);
    expect(ran(executed, again)).toEqual(['a_1', 'after_1', 'join_1', 'pick_1']);
  });

  it('from the loop node: the whole loop runs again; after it: the recorded iterations are seeded', async () => {
    const { executed, execute } = counting();
    const engine = started(execute);
    const plan = buildPlan({ ...trigger, loop_1: { type: 'loop', role: 'loopStart' }, double_1: { type: 'double' }, end_1: { type: 'loopEnd', role: 'loopEnd' }, after_1: {} }, [
      'trigger_1->loop_1', 'loop_1->double_1', 'double_1->end_1', 'end_1->after_1',
    ]);
    const source = await engine.startRun(plan, { items: [1, 2, 3] });
    await eventsUntilEnd(engine, source);
    const { runId: rerun } = await engine.rerun(source, plan, 'loop_1');
    await eventsUntilEnd(engine, rerun);
    const snap = await engine.snapshot(rerun);
    expect(snap?.nodes.end_1.output).toMatchObject({ loopOutput: [{ output: 2 }, { output: 4 }, { output: 6 }] });
    expect(ran(executed, rerun).filter((a) => a.startsWith('double_1'))).toEqual(['double_1#0', 'double_1#1', 'double_1#2']);
    expect(ran(executed, rerun)).not.toContain('trigger_1');
    // after the loop: the loop's recorded iterations are seeded, the loop does not run again
    const { runId: after } = await engine.rerun(source, plan, 'after_1');
    await eventsUntilEnd(engine, after);
    expect(ran(executed, after)).toEqual(['after_1']);
    expect((await engine.snapshot(after))?.nodes['double_1#1']).toMatchObject({ state: 'completed', output: 4 });
  });

  it('refuses an unknown node, an input for a node that runs again, and a node before which a node did not finish', async () => {
    const { execute } = counting();
    const engine = started(execute);
    const plan = buildPlan({ ...trigger, a_1: {}, bad_1: { type: 'fail' }, c_1: {} }, ['trigger_1->a_1', 'a_1->bad_1', 'bad_1->c_1']);
    const source = await engine.startRun(plan, {});
    await eventsUntilEnd(engine, source);
    const refusal = (fromNode: string, inputs?: Record<string, unknown>) => engine.rerun(source, plan, fromNode, inputs).catch((e: RerunRefusal) => [e.field, e.message, e.status]);
    expect(await refusal('nope_1')).toEqual(['fromNode', "fromNode: no node 'nope_1' in the flow", 400]);
    expect(await refusal('a_1', { c_1: {} })).toEqual(['inputs.c_1', "inputs.c_1: 'c_1' runs again in the re-run; only the nodes before 'a_1' take an input", 400]);
    expect(await refusal('a_1', { x_1: {} })).toEqual(['inputs.x_1', "inputs.x_1: no node 'x_1' in the flow", 400]);
    expect(await refusal('c_1')).toEqual(['fromNode', `fromNode: 'c_1' was never reached in run ${source}: no message to start it with`, 409]);
    // the failed node itself: re-run from it with the message it failed on
    const { runId: rerun } = await engine.rerun(source, plan, 'bad_1');
    expect((await eventsUntilEnd(engine, rerun)).at(-1)).toMatchObject({ type: 'run.failed', nodeId: 'bad_1' });
  });

  it('survives its worker SIGKILLed mid-re-run: taken over, every re-run node once, the nodes before it never', async () => {
    const engine = started(testExecute, 0, 2000);
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'testing/crash-worker.ts')], {
      env: { ...process.env, WEFT_PREFIX: engine.prefix },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((ok) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && ok()));
    const source = await engine.startRun(crashPlan, { slowMs: 1500 });
    while ((await engine.meta(source))?.status === 'running') await new Promise((ok) => setTimeout(ok, 50));
    const { runId: rerun } = await engine.rerun(source, crashPlan, 'slow_1');
    const events = await killWhenRunning(engine, rerun, child, 'slow_1');
    const completed = events.filter((e) => e.type === 'node.completed').map((e) => (e as { nodeId: string }).nodeId).sort();
    expect(completed).toEqual(['after_1', 'join_1', 'slow_1']);
    expect((((await engine.snapshot(rerun))?.nodes.slow_1.output) as { pid: number }).pid).toBe(process.pid);
    const actors = await engine.actors(rerun);
    expect(Object.fromEntries(actors!.map((a) => [a.actor, a.mailbox.length]))).toMatchObject({ slow_1: 1, join_1: 2, after_1: 1 });
  });
});
