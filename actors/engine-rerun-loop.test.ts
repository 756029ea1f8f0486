/** Re-runs from a node inside a loop body: the iteration it names starts at that node. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { runKeys } from './keys.ts';
import type { RerunRefusal } from './rerun-scope.ts';
import { killWhenRunning } from './testing/crash-run.ts';
import { eventsUntilEnd, ranIn, recording, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { testExecute } from './testing/test-executor.ts';

const engines: Engine[] = [];
afterAll(() => Promise.all(engines.map((e) => e.close())));

/**
 * Every execution, as `<runId> <actor>`. `first` doubles the loop's item (and fails on the
 * trigger input's `failAt`), `second` adds one to what `first` handed it in its iteration.
 */
function counting(): { executed: string[]; engine: Engine } {
  const { executed, execute } = recording(async (a) => {
    if (a.node.type === 'first') {
      const { currentValue } = (await a.outputs(['loop_1'])).loop_1 as { currentValue: number };
      if (currentValue === (a.meta.input as { failAt?: number }).failAt) throw new Error(`no ${currentValue}`);
      return { output: currentValue * 2 };
    }
    if (a.node.type === 'second') {
      const seen = await a.outputs(['first_1', 'loop_1']);
      return { output: { sum: (seen.first_1 as number) + 1, item: (seen.loop_1 as { currentValue: number }).currentValue } };
    }
    return testExecute(a);
  });
  const engine = testEngine(execute);
  engines.push(engine);
  engine.startWorker(4);
  return { executed, engine };
}

const ran = (executed: string[], runId: string) => ranIn(executed, runId).sort();

/** The held message a run is paused at in loop iteration `iteration`, once it is. */
async function pausedIn(engine: Engine, runId: string, iteration: number) {
  for (let i = 0; i < 200; i++) {
    const paused = (await engine.meta(runId))?.paused;
    if (paused?.iteration === iteration) return paused;
    await new Promise((ok) => setTimeout(ok, 25));
  }
  throw new Error(`run ${runId} did not pause in iteration ${iteration}`);
}

// trigger_1 → loop_1 → [first_1 → second_1] → end_1 → after_1
const plan = buildPlan(
  {
    trigger_1: { type: 'trigger', role: 'trigger' }, loop_1: { type: 'loop', role: 'loopStart' }, first_1: { type: 'first' }, second_1: { type: 'second' },
    end_1: { type: 'loopEnd', role: 'loopEnd' }, after_1: {},
  },
  ['trigger_1->loop_1', 'loop_1->first_1', 'first_1->second_1', 'second_1->end_1', 'end_1->after_1'],
);

describe('re-run from inside a loop body', () => {
  it('starts that iteration at the node: the iterations before and the body before it in that iteration are the source run\'s', async () => {
    const { executed, engine } = counting();
    const source = await engine.startRun(plan, { items: [1, 2, 3] });
    expect((await eventsUntilEnd(engine, source)).at(-1)?.type).toBe('run.completed');
    const fresh = (await engine.snapshot(source))!.nodes.end_1.output;
    expect(fresh).toMatchObject({ loopOutput: [{ output: { sum: 3 } }, { output: { sum: 5 } }, { output: { sum: 7 } }] });

    const { runId: rerun } = await engine.rerun(source, plan, 'second_1', undefined, { iteration: 1 });
    const events = await eventsUntilEnd(engine, rerun);
    expect(events.at(-1)?.type).toBe('run.completed');
    // first_1 ran for iteration 2 only; second_1 for 1 and 2; the loop start never
    expect(ran(executed, rerun)).toEqual(['after_1', 'end_1', 'first_1#2', 'second_1#1', 'second_1#2']);
    // its start queued the iteration's actor, named as node and iteration
    expect(events.find((e) => e.type === 'node.queued')).toMatchObject({ nodeId: 'second_1', iteration: 1 });
    const snap = await engine.snapshot(rerun);
    expect(snap?.nodes.end_1.output).toEqual(fresh);
    expect(snap).toMatchObject({ rerunOf: { runId: source, fromNode: 'second_1', iteration: 1 } });
    // iteration 0 and first_1 in iteration 1 keep their record; second_1's mailbox in iteration 1 holds first_1's recorded message
    expect(snap?.nodes['second_1#0']).toMatchObject({ state: 'completed', output: { sum: 3 } });
    expect(snap?.nodes['first_1#1']).toMatchObject({ state: 'completed', output: 4 });
    const mailbox = (await engine.redis.xrange(runKeys(engine.prefix, rerun).mailbox('second_1#1'), '-', '+')).map(([, f]) => JSON.parse(f[1]));
    expect(mailbox.map((m) => [m.from.nodeId, m.payload, m.iteration, m.runId])).toEqual([['first_1', 4, 1, rerun]]);

    // by default: the last iteration the source recorded for the node
    const { runId: last } = await engine.rerun(source, plan, 'second_1');
    await eventsUntilEnd(engine, last);
    expect(ran(executed, last)).toEqual(['after_1', 'end_1', 'second_1#2']);
    expect((await engine.snapshot(last))?.nodes.end_1.output).toEqual(fresh);
  });

  it('takes an edited output of the body node before it, in that iteration only', async () => {
    const { executed, engine } = counting();
    const source = await engine.startRun(plan, { items: [1, 2, 3] });
    await eventsUntilEnd(engine, source);
    const { runId: rerun } = await engine.rerun(source, plan, 'second_1', { first_1: 100 }, { iteration: 1 });
    await eventsUntilEnd(engine, rerun);
    expect(ran(executed, rerun)).toEqual(['after_1', 'end_1', 'first_1#2', 'second_1#1', 'second_1#2']);
    const snap = await engine.snapshot(rerun);
    expect(snap?.nodes['first_1#1'].output).toBe(100);
    expect(snap?.nodes.end_1.output).toMatchObject({ loopOutput: [{ output: { sum: 3 } }, { output: { sum: 101, item: 2 } }, { output: { sum: 7, item: 3 } }] });
  });

  it('from the body\'s first node in the iteration that failed, with the loop\'s item in it edited: it and the iterations after it run', async () => {
    const { executed, engine } = counting();
    const source = await engine.startRun(plan, { items: [1, 2, 3], failAt: 2 });
    expect((await eventsUntilEnd(engine, source)).at(-1)).toMatchObject({ type: 'run.failed', nodeId: 'first_1' });
    const { runId: rerun } = await engine.rerun(source, plan, 'first_1', { loop_1: { currentValue: 5, index: 1 } }, { iteration: 1 });
    expect((await eventsUntilEnd(engine, rerun)).at(-1)?.type).toBe('run.completed');
    expect(ran(executed, rerun)).toEqual(['after_1', 'end_1', 'first_1#1', 'first_1#2', 'second_1#1', 'second_1#2']);
    const snap = await engine.snapshot(rerun);
    expect(snap?.nodes.end_1.output).toMatchObject({ loopOutput: [{ output: { sum: 3 } }, { output: { sum: 11, item: 5 } }, { output: { sum: 7, item: 3 } }] });
  });

  it('stops at a breakpoint inside the body in the iteration it starts in, and goes on from there', async () => {
    const { executed, engine } = counting();
    const source = await engine.startRun(plan, { items: [1, 2, 3] });
    await eventsUntilEnd(engine, source);
    // e4: second_1 → end_1
    const { runId: rerun } = await engine.rerun(source, plan, 'second_1', undefined, { iteration: 1, breakpoints: [{ edge: 'e4' }] });
    expect(await pausedIn(engine, rerun, 1)).toMatchObject({ edgeId: 'e4', source: 'second_1', nodeId: 'end_1', iteration: 1, message: { sum: 5, item: 2 } });
    expect(ran(executed, rerun)).toEqual(['second_1#1']);
    // continue: it stops at the breakpoint again in iteration 2
    await engine.debug(rerun, 'continue');
    expect(await pausedIn(engine, rerun, 2)).toMatchObject({ edgeId: 'e4', message: { sum: 7, item: 3 } });
    await engine.setBreakpoints(rerun, []);
    await engine.debug(rerun, 'continue');
    expect((await eventsUntilEnd(engine, rerun)).at(-1)?.type).toBe('run.completed');
    expect(ran(executed, rerun)).toEqual(['after_1', 'end_1', 'first_1#2', 'second_1#1', 'second_1#2']);
  });

  it('in a deciding loop (the supervisor\'s shape): the iterations after it are decided again, the one it starts in is not', async () => {
    const { executed, engine } = counting();
    // trigger_1 → decide_1, whose paths a (slow_1) and b (b_1) both end at loopEnd_1 → after_1
    const deciding = buildPlan(
      { trigger_1: { type: 'trigger', role: 'trigger' }, decide_1: { type: 'decide', role: 'loopStart' }, slow_1: {}, b_1: {}, loopEnd_1: { type: 'loopEnd', role: 'loopEnd' }, after_1: {} },
      ['trigger_1->decide_1', 'decide_1:a->slow_1', 'decide_1:b->b_1', 'slow_1->loopEnd_1', 'b_1->loopEnd_1', 'loopEnd_1->after_1'],
    );
    const source = await engine.startRun(deciding, { steps: ['b', 'a', 'b'], slowMs: 10 });
    await eventsUntilEnd(engine, source);
    const fresh = (await engine.snapshot(source))!.nodes.loopEnd_1.output as { loopOutput: { currentValue: { chose: string } }[] };
    const { runId: rerun } = await engine.rerun(source, deciding, 'b_1', undefined, { iteration: 0 });
    expect((await eventsUntilEnd(engine, rerun)).at(-1)?.type).toBe('run.completed');
    expect(ran(executed, rerun)).toEqual(['after_1', 'b_1#0', 'b_1#2', 'decide_1#1', 'decide_1#2', 'decide_1#3', 'loopEnd_1', 'slow_1#1']);
    const snap = await engine.snapshot(rerun);
    // slow_1 was skipped in iteration 0 of the source: it stays skipped
    expect(snap?.nodes['slow_1#0'].state).toBe('skipped');
    const end = snap?.nodes.loopEnd_1.output as typeof fresh;
    expect(end.loopOutput.map((r) => r.currentValue.chose)).toEqual(fresh.loopOutput.map((r) => r.currentValue.chose));
    expect(snap?.nodes.b_1).toMatchObject({ state: 'completed', output: 'Ran inside the loop' });
  });

  it('survives its worker SIGKILLed in the iteration it starts in: taken over, each re-run actor once, the ones before it never', async () => {
    const engine = testEngine(testExecute, { lockDurationMs: 2000 });
    engines.push(engine);
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'testing/crash-worker.ts')], {
      env: { ...process.env, WEFT_PREFIX: engine.prefix },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((ok) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && ok()));
    // trigger_1 → loop_1 → [a_1 → slow_1] → end_1 → after_1
    const slowLoop = buildPlan(
      { trigger_1: { type: 'trigger', role: 'trigger' }, loop_1: { type: 'loop', role: 'loopStart' }, a_1: {}, slow_1: {}, end_1: { type: 'loopEnd', role: 'loopEnd' }, after_1: {} },
      ['trigger_1->loop_1', 'loop_1->a_1', 'a_1->slow_1', 'slow_1->end_1', 'end_1->after_1'],
    );
    const source = await engine.startRun(slowLoop, { items: [1, 2, 3], slowMs: 800 });
    while ((await engine.meta(source))?.status === 'running') await new Promise((ok) => setTimeout(ok, 50));
    const { runId: rerun } = await engine.rerun(source, slowLoop, 'slow_1', undefined, { iteration: 1 });
    const events = await killWhenRunning(engine, rerun, child, 'slow_1#1');
    const completed = events.filter((e) => e.type === 'node.completed').map((e) => { const c = e as { nodeId: string; iteration?: number }; return `${c.nodeId}#${c.iteration ?? ''}`; });
    expect(completed.filter((c) => !c.startsWith('end_1') && !c.startsWith('loop_1')).sort()).toEqual(['a_1#2', 'after_1#', 'slow_1#1', 'slow_1#2']);
    const snap = await engine.snapshot(rerun);
    expect((snap?.nodes['slow_1#1'].output as { pid: number }).pid).toBe(process.pid);
    expect((snap?.nodes.end_1.output as { loopOutput: unknown[] }).loopOutput).toHaveLength(3);
    const actors = await engine.actors(rerun);
    expect(Object.fromEntries(actors!.map((a) => [a.actor, a.mailbox.length]))).toMatchObject({ 'slow_1#1': 1, 'end_1#1': 1, 'a_1#2': 1, 'slow_1#2': 1, after_1: 1 });
  });

  it('refuses an iteration out of range or not an integer, one the source never ran, and inputs for what runs again', async () => {
    const { engine } = counting();
    const source = await engine.startRun(plan, { items: [1, 2, 3], failAt: 2 });
    await eventsUntilEnd(engine, source);
    const refusal = (fromNode: string, iteration?: number, inputs?: Record<string, unknown>) =>
      engine.rerun(source, plan, fromNode, inputs, { iteration }).then(() => 'started', (e: RerunRefusal) => [e.field, e.message, e.status]);
    expect(await refusal('second_1', 3)).toEqual(['iteration', `iteration: the loop 'loop_1' has 3 iterations in run ${source} (from 0 to 2)`, 400]);
    expect(await refusal('second_1', 1.5)).toEqual(['iteration', 'iteration: an integer, 0 or more (the loop iteration to start in)', 400]);
    expect(await refusal('second_1', -1)).toEqual(['iteration', 'iteration: an integer, 0 or more (the loop iteration to start in)', 400]);
    expect(await refusal('after_1', 0)).toEqual(['iteration', "iteration: 'after_1' is not inside a loop", 400]);
    // iteration 1 failed at first_1: second_1 never got there, nor anything of iteration 2
    expect(await refusal('second_1', 1)).toEqual(['fromNode', `fromNode: 'second_1' was never reached in iteration 1 in run ${source}: no message to start it with`, 409]);
    expect(await refusal('first_1', 2)).toEqual(['fromNode', `fromNode: 'first_1' was never reached in iteration 2 in run ${source}: no message to start it with`, 409]);
    expect(await refusal('first_1', 0, { second_1: {} })).toEqual(['inputs.second_1', "inputs.second_1: 'second_1' runs again in the re-run; only the nodes before 'first_1' take an input", 400]);
    expect(await refusal('first_1', 0, { end_1: {} })).toEqual(['inputs.end_1', "inputs.end_1: 'end_1' runs again in the re-run; only the nodes before 'first_1' take an input", 400]);
  });
});
