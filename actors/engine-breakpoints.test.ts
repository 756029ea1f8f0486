/** Breakpoints on a test run's edges: the run pauses with the message held in Redis; step, continue, abort, time out, survive a restart. */
import { afterAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '../contract/run-events.ts';
import { DebugRefusal, type Engine } from './engine.ts';
import type { EngineOptions, ExecuteFn } from './engine-types.ts';
import { runKeys } from './keys.ts';
import { ActorFunctions } from './scripts.ts';
import { eventsUntilEnd, ranIn, recording, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { testExecute } from './testing/test-executor.ts';

const engines: Engine[] = [];
afterAll(() => Promise.all(engines.map((e) => e.close())));

/** Every execution as `<runId> <actor>`; `see` nodes answer what a_1 and b_1 handed on. */
function counting(): { executed: string[]; execute: ExecuteFn } {
  const { executed, execute } = recording(async (a) => {
    if (a.node.type !== 'see') return testExecute(a);
    return { output: { node: a.node.id, saw: await a.outputs(['a_1', 'b_1']) } };
  });
  return { executed, execute };
}

function started(execute: ExecuteFn, options: Partial<EngineOptions> = {}): Engine {
  const engine = testEngine(execute, options);
  engines.push(engine);
  engine.startWorker(4);
  return engine;
}

const ran = ranIn;
const trigger = { trigger_1: { type: 'trigger', role: 'trigger' as const } };
// trigger_1 -e1-> a_1 -e2-> b_1 -e3-> c_1
const line = buildPlan({ ...trigger, a_1: {}, b_1: { type: 'see' }, c_1: { type: 'see' } }, ['trigger_1->a_1', 'a_1->b_1', 'b_1->c_1']);

/** Wait until the run is paused (or `until` says so). */
async function pausedRun(engine: Engine, runId: string, until = (meta: Awaited<ReturnType<Engine['meta']>>) => !!meta?.paused) {
  for (let i = 0; i < 200; i++) {
    const meta = await engine.meta(runId);
    if (until(meta)) return meta!;
    await new Promise((ok) => setTimeout(ok, 25));
  }
  throw new Error(`run ${runId} did not pause`);
}

describe('breakpoints', () => {
  it('pauses on an edge with the message held; step delivers an edited message and pauses at the next edge; continue runs to the end', async () => {
    const { executed, execute } = counting();
    const engine = started(execute);
    const live: RunEvent[] = [];
    const stop = await engine.listenToFlow(line.flowId, (event) => live.push(event));
    const runId = await engine.startRun(line, { n: 1 }, { mode: 'test', breakpoints: [{ edge: 'e2' }] });
    const meta = await pausedRun(engine, runId);
    expect(meta.status).toBe('running');
    expect(meta.paused).toMatchObject({ edgeId: 'e2', source: 'a_1', nodeId: 'b_1', message: { node: 'a_1' } });
    // held, not delivered: b_1's mailbox is empty and b_1 never ran
    const keys = runKeys(engine.prefix, runId);
    expect(await engine.redis.xlen(keys.mailbox('b_1'))).toBe(0);
    expect(await engine.redis.hget(keys.meta, 'active')).toBe('1');
    await new Promise((ok) => setTimeout(ok, 200));
    expect(ran(executed, runId)).toEqual(['trigger_1', 'a_1']);
    // the pause is in the run's events and on the flow's live channel
    const events = await engine.events(runId);
    expect(events.filter((e) => e.type === 'run.paused')).toMatchObject([{ edgeId: 'e2', nodeId: 'b_1', source: 'a_1', message: { node: 'a_1' } }]);
    expect(live.some((e) => e.type === 'run.paused' && e.runId === runId)).toBe(true);
    stop();

    // step with an edited message: b_1 sees it (as a_1's output) and the run pauses on the next edge, e3
    const stepped = await engine.debug(runId, 'step', { value: { edited: true } });
    expect(stepped.status).toBe('running');
    const next = await pausedRun(engine, runId, (m) => m?.paused?.edgeId === 'e3');
    expect(next.paused).toMatchObject({ source: 'b_1', nodeId: 'c_1', message: { node: 'b_1', saw: { a_1: { edited: true } } } });
    const mailbox = (await engine.redis.xrange(keys.mailbox('b_1'), '-', '+')).map(([, f]) => JSON.parse(f[1]));
    expect(mailbox.map((m) => m.payload)).toEqual([{ edited: true }]);

    await engine.debug(runId, 'continue');
    const all = await eventsUntilEnd(engine, runId);
    expect(all.at(-1)?.type).toBe('run.completed');
    expect(all.filter((e) => e.type === 'run.resumed')).toMatchObject([{ edgeId: 'e2', action: 'step', edited: true }, { edgeId: 'e3', action: 'continue', edited: false }]);
    expect(ran(executed, runId)).toEqual(['trigger_1', 'a_1', 'b_1', 'c_1']);
    const snapshot = await engine.snapshot(runId);
    expect(snapshot?.paused).toBeUndefined();
    expect(snapshot?.nodes.c_1.output).toMatchObject({ saw: { a_1: { edited: true } } });
  });

  it('continue stops at the next breakpoint only; a breakpoint set while the run runs counts', async () => {
    const { execute } = counting();
    const engine = started(execute);
    const runId = await engine.startRun(line, {}, { mode: 'test', breakpoints: [{ edge: 'e1' }] });
    await pausedRun(engine, runId);
    expect(await engine.breakpoints(runId)).toEqual([{ edge: 'e1' }]);
    await engine.setBreakpoints(runId, [{ edge: 'e3' }]);
    await engine.debug(runId, 'continue');
    const meta = await pausedRun(engine, runId, (m) => m?.paused?.edgeId === 'e3');
    expect(meta.paused?.source).toBe('b_1');
    await engine.setBreakpoints(runId, []);
    await engine.debug(runId, 'continue');
    expect((await eventsUntilEnd(engine, runId)).at(-1)?.type).toBe('run.completed');
  });

  it('abort ends the paused run as cancelled and drops the held message; a run not paused is refused', async () => {
    const { executed, execute } = counting();
    const engine = started(execute);
    const runId = await engine.startRun(line, {}, { mode: 'test', breakpoints: [{ edge: 'e2' }] });
    await pausedRun(engine, runId);
    expect(await engine.debug(runId, 'abort')).toEqual({ status: 'cancelled' });
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)).toMatchObject({ type: 'run.cancelled', reason: 'Aborted at a breakpoint' });
    expect(await engine.redis.exists(`${runKeys(engine.prefix, runId).meta.slice(0, -4)}held`)).toBe(0);
    expect(ran(executed, runId)).toEqual(['trigger_1', 'a_1']);
    const refusal = await engine.debug(runId, 'continue').catch((e: DebugRefusal) => [e.status, e.message]);
    expect(refusal).toEqual([409, `Run ${runId} is cancelled, not running`]);
    expect(await engine.debug('run_none', 'step').catch((e: DebugRefusal) => [e.status, e.message])).toEqual([404, 'Run not found']);
    // a test run that runs but is not paused
    const slow = buildPlan({ ...trigger, wait_1: { type: 'sleep' }, b_1: {} }, ['trigger_1->wait_1', 'wait_1->b_1']);
    const running = await engine.startRun(slow, {}, { mode: 'test', breakpoints: [{ edge: 'e2' }] });
    expect(await engine.debug(running, 'step').catch((e: DebugRefusal) => [e.status, e.message])).toEqual([409, `Run ${running} is not paused at a breakpoint`]);
    await pausedRun(engine, running);
    await engine.debug(running, 'continue');
    expect((await eventsUntilEnd(engine, running)).at(-1)?.type).toBe('run.completed');
  });

  it('a production run never stops on breakpoints, and takes none', async () => {
    const { execute } = counting();
    const engine = started(execute);
    const runId = await engine.startRun(line, {}, { mode: 'production', breakpoints: [{ edge: 'e1' }, { edge: 'e2' }] });
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    expect(events.some((e) => e.type === 'run.paused')).toBe(false);
    const slow = buildPlan({ ...trigger, wait_1: { type: 'sleep' }, b_1: {} }, ['trigger_1->wait_1', 'wait_1->b_1']);
    const running = await engine.startRun(slow, {}, { mode: 'production' });
    const refusal = await engine.setBreakpoints(running, [{ edge: 'e2' }]).catch((e: DebugRefusal) => [e.status, e.message]);
    expect(refusal).toEqual([409, `Run ${running} is a production run: breakpoints are for test runs only`]);
    expect((await eventsUntilEnd(engine, running)).at(-1)?.type).toBe('run.completed');
  });

  it('pauses inside a loop iteration and at a join, each message on its own', async () => {
    const { executed, execute } = counting();
    const engine = started(execute);
    // trigger_1 -e1-> loop_1 -e2-> double_1 -e3-> end_1 -e4-> after_1
    const loop = buildPlan({ ...trigger, loop_1: { type: 'loop', role: 'loopStart' }, double_1: { type: 'double' }, end_1: { type: 'loopEnd', role: 'loopEnd' }, after_1: {} }, [
      'trigger_1->loop_1', 'loop_1->double_1', 'double_1->end_1', 'end_1->after_1',
    ]);
    const runId = await engine.startRun(loop, { items: [1, 2] }, { mode: 'test', breakpoints: [{ edge: 'e3' }] });
    const first = await pausedRun(engine, runId);
    expect(first.paused).toMatchObject({ edgeId: 'e3', nodeId: 'end_1', iteration: 0, message: 2 });
    await engine.debug(runId, 'continue', { value: 20 });
    const second = await pausedRun(engine, runId, (m) => m?.paused?.iteration === 1);
    expect(second.paused?.message).toBe(4);
    await engine.debug(runId, 'continue');
    expect((await eventsUntilEnd(engine, runId)).at(-1)?.type).toBe('run.completed');
    expect((await engine.snapshot(runId))?.nodes.end_1.output).toMatchObject({ loopOutput: [{ output: 20 }, { output: 4 }] });

    // a join: the branch through the breakpoint waits, the other one is delivered; the join runs once both came
    const join = buildPlan({ ...trigger, a_1: {}, b_1: {}, join_1: { type: 'see' } }, ['trigger_1->a_1', 'trigger_1->b_1', 'a_1->join_1', 'b_1->join_1']);
    const joined = await engine.startRun(join, {}, { mode: 'test', breakpoints: [{ edge: 'e3' }] });
    await pausedRun(engine, joined);
    await new Promise((ok) => setTimeout(ok, 200));
    expect(ran(executed, joined).sort()).toEqual(['a_1', 'b_1', 'trigger_1']);
    expect(await engine.redis.hkeys(runKeys(engine.prefix, joined).join('join_1'))).toEqual(['e4']);
    await engine.debug(joined, 'continue');
    expect((await eventsUntilEnd(engine, joined)).at(-1)?.type).toBe('run.completed');
    expect(ran(executed, joined)).toContain('join_1');
  });

  it('two branches held at once: the run shows the older message, then the other one once it is delivered', async () => {
    const { execute } = counting();
    const engine = started(execute);
    // trigger_1 -e1-> a_1 -e3-> join_1, trigger_1 -e2-> b_1 -e4-> join_1
    const plan = buildPlan({ ...trigger, a_1: {}, b_1: {}, join_1: { type: 'see' } }, ['trigger_1->a_1', 'trigger_1->b_1', 'a_1->join_1', 'b_1->join_1']);
    const runId = await engine.startRun(plan, {}, { mode: 'test', breakpoints: [{ edge: 'e3' }, { edge: 'e4' }] });
    const held = `${runKeys(engine.prefix, runId).meta.slice(0, -4)}held`;
    for (let i = 0; i < 200 && (await engine.redis.hlen(held)) < 4; i++) await new Promise((ok) => setTimeout(ok, 25));
    const first = await pausedRun(engine, runId);
    await engine.debug(runId, 'continue', { value: { first: true } });
    const second = await pausedRun(engine, runId, (m) => !!m?.paused && m.paused.edgeId !== first.paused!.edgeId);
    expect([first.paused!.edgeId, second.paused!.edgeId].sort()).toEqual(['e3', 'e4']);
    await engine.debug(runId, 'continue');
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    // the second pause was announced when it became the one shown, after the first one's run.resumed
    const debugEvents = events.filter((e) => e.type === 'run.paused' || e.type === 'run.resumed').map((e) => `${e.type} ${(e as { edgeId: string }).edgeId}`);
    expect(debugEvents.slice(-3)).toEqual([`run.resumed ${first.paused!.edgeId}`, `run.paused ${second.paused!.edgeId}`, `run.resumed ${second.paused!.edgeId}`]);
    expect((await engine.snapshot(runId))?.nodes.join_1.output).toMatchObject({ saw: { [first.paused!.source]: { first: true } } });
  });

  it('what a process released but died before dispatching is dispatched by the sweep', async () => {
    const { executed, execute } = counting();
    const engine = started(execute, { pauseTimeoutMs: 4000 });
    const runId = await engine.startRun(line, {}, { mode: 'test', breakpoints: [{ edge: 'e2' }] });
    const meta = await pausedRun(engine, runId);
    // the release a builder's continue makes, by a process that dies before adding b_1's job
    const keys = runKeys(engine.prefix, runId);
    const [verdict, , ready] = await new ActorFunctions(engine.redis).release(keys.meta, {
      id: meta.paused!.id, state: 'paused', edited: '', then: 'continue', now: Date.now(), retention: 3600, channel: 'none', payloadLimit: 2048,
    });
    expect([verdict, ready]).toEqual(['ok', '["b_1"]']);
    expect(await engine.redis.hget(keys.actors, 'b_1')).toBe('queued');
    const events = await eventsUntilEnd(engine, runId, 15_000);
    expect(events.at(-1)?.type).toBe('run.completed');
    expect(ran(executed, runId)).toEqual(['trigger_1', 'a_1', 'b_1', 'c_1']);
    expect(await engine.redis.hget(keys.meta, 'released')).toBeNull();
  });

  it('a paused run times out as cancelled with the reason', async () => {
    const { execute } = counting();
    const engine = started(execute, { pauseTimeoutMs: 400 });
    const runId = await engine.startRun(line, {}, { mode: 'test', breakpoints: [{ edge: 'e2' }] });
    await pausedRun(engine, runId);
    const events = await eventsUntilEnd(engine, runId, 5000);
    expect(events.at(-1)).toMatchObject({ type: 'run.cancelled', reason: 'Paused at a breakpoint for 0.4 seconds' });
    const meta = await engine.meta(runId);
    expect(meta).toMatchObject({ status: 'cancelled', error: 'Paused at a breakpoint for 0.4 seconds' });
    expect(meta?.paused).toBeUndefined();
  });

  it('a paused run survives its engine: a new engine on the same Redis continues it to the end', async () => {
    const { executed, execute } = counting();
    const first = testEngine(execute);
    first.startWorker(2);
    const runId = await first.startRun(line, { n: 7 }, { mode: 'test', breakpoints: [{ edge: 'e2' }] });
    await pausedRun(first, runId);
    await first.close();
    const second = started(execute, { prefix: first.prefix });
    expect((await second.meta(runId))?.paused).toMatchObject({ edgeId: 'e2', message: { node: 'a_1' } });
    await second.debug(runId, 'continue', { value: { again: 1 } });
    const events = await eventsUntilEnd(second, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    expect(ran(executed, runId)).toEqual(['trigger_1', 'a_1', 'b_1', 'c_1']);
    expect((await second.snapshot(runId))?.nodes.c_1.output).toMatchObject({ saw: { a_1: { again: 1 } } });
  });
});
