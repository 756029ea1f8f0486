/** Eager dispatch (actors/eager.ts): the starting process runs a run's activations (or keeps them waiting for a slot); the queue recovers them when it dies. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { testExecute } from './testing/test-executor.ts';
import { crashPlan, killMidRunAndCheck, killWhenRunning } from './testing/crash-run.ts';
import type { Plan } from './types.ts';

const trigger = { trigger_1: { type: 'trigger', role: 'trigger' as const } };
const engines: Engine[] = [];
afterAll(() => Promise.all(engines.map((e) => e.close())));
const started = (options = {}) => keep(testEngine(testExecute, options));
const keep = (engine: Engine) => (engines.push(engine), engine);

describe('eager dispatch', () => {
  it('runs every activation of a run in the process that started it, with its queue worker paused', async () => {
    const engine = started();
    const worker = engine.startWorker(2);
    await worker.waitUntilReady();
    await worker.pause();
    const plan = buildPlan({ ...trigger, a_1: {}, b_1: {}, join_1: {}, after_1: {} }, [
      'trigger_1->a_1', 'trigger_1->b_1', 'a_1->join_1', 'b_1->join_1', 'join_1->after_1',
    ]);
    const runId = await engine.startRun(plan, {});
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    for (const node of ['trigger_1', 'a_1', 'b_1', 'join_1', 'after_1']) {
      expect(events.filter((e) => e.type === 'node.completed' && e.nodeId === node)).toHaveLength(1);
    }
    // the run's claim is dropped once its last activation here has ended
    while ((await engine.redis.zcard(`${engine.prefix}eager`)) > 0) await sleep(20);
  });

  it('hands an activation the outputs the eager ones before it finished with (kept here, as written to Redis)', async () => {
    const engine = keep(testEngine(async (a) => {
      if (a.node.id === 'trigger_1') return { output: { n: 1, text: 'x' } };
      if (a.node.id === 'a_1') return { output: { seen: await a.outputs(['trigger_1']) } };
      return { output: await a.outputs(['trigger_1', 'a_1', 'nothing_1']) };
    }));
    engine.startWorker(2);
    const plan = buildPlan({ ...trigger, a_1: {}, b_1: {} }, ['trigger_1->a_1', 'a_1->b_1']);
    const runId = await engine.startRun(plan, {});
    await eventsUntilEnd(engine, runId);
    const nodes = (await engine.snapshot(runId))!.nodes;
    expect(nodes.a_1.output).toEqual({ seen: { trigger_1: { n: 1, text: 'x' } } });
    expect(nodes.b_1.output).toEqual({ trigger_1: { n: 1, text: 'x' }, a_1: { seen: { trigger_1: { n: 1, text: 'x' } } } });
  });

  it('hands a retry and a delay to the queue, and the run still completes', async () => {
    const engine = started();
    engine.startWorker(2);
    const plan = buildPlan({ ...trigger, flaky_1: { retries: 3 }, sleep_1: {} }, ['trigger_1->flaky_1', 'flaky_1->sleep_1']);
    const runId = await engine.startRun(plan, {});
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    expect((await engine.snapshot(runId))?.nodes.flaky_1.output).toEqual({ attempts: 3 });
  });

  it('survives the starting process killed with SIGKILL mid-run: another process queues what is left, every node once', async () => {
    const engine = started({ lockDurationMs: 1000 });
    const { child, runId } = await startInChild(engine, crashPlan);
    await killMidRunAndCheck(engine, runId, child);
  });

  it('keeps ready actors waiting for a free slot in the process (the backlog); SIGKILLed, another process runs them, every node once', async () => {
    const engine = started({ lockDurationMs: 1000 });
    // one eager slot: slow_1 holds it, b_1 and c_1 wait in the backlog, in no queue
    const { child, runId } = await startInChild(engine, fanPlan, { eagerLimit: 1, eagerWaitMs: 60_000 });
    const events = await killWhenRunning(engine, runId, child, 'slow_1', async () => {
      const nodes = (await engine.snapshot(runId))!.nodes;
      expect([nodes.b_1.state, nodes.c_1.state]).toEqual(['queued', 'queued']);
      expect(await engine.queuedActivations()).toBe(0);
    });
    for (const node of Object.keys(fanPlan.nodes)) {
      expect(events.filter((e) => e.type === 'node.completed' && e.nodeId === node)).toHaveLength(1);
    }
    expect((await engine.actors(runId))!.find((a) => a.actor === 'join_1')!.mailbox).toHaveLength(3);
  });

  it('counts the backlog among the activations waiting for a worker (what load shedding reads)', async () => {
    const engine = started({ eagerLimit: 1, eagerWaitMs: 60_000 });
    engine.startWorker(2);
    const runId = await engine.startRun(fanPlan, { slowMs: 1500 });
    while ((await engine.snapshot(runId))?.nodes.slow_1?.state !== 'running') await sleep(20);
    expect(await engine.queuedActivations()).toBe(2);
    expect((await eventsUntilEnd(engine, runId)).at(-1)?.type).toBe('run.completed');
    expect(await engine.queuedActivations()).toBe(0);
  });

  it('hands what waits too long for a slot (a slow executor holds it) to the queue', async () => {
    const engine = started({ eagerLimit: 1, eagerWaitMs: 100 });
    engine.startWorker(2);
    const runId = await engine.startRun(fanPlan, { slowMs: 1500 });
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    const completed = (node: string) => events.findIndex((e) => e.type === 'node.completed' && e.nodeId === node);
    // the order is slow_1, b_1, c_1: one slot here would run b_1 and c_1 after slow_1
    expect(completed('b_1')).toBeLessThan(completed('slow_1'));
    expect(completed('c_1')).toBeLessThan(completed('slow_1'));
  });
});

/** trigger → slow_1, b_1, c_1 → join_1 */
const fanPlan = buildPlan({ ...trigger, slow_1: {}, b_1: {}, c_1: {}, join_1: {} }, [
  'trigger_1->slow_1', 'trigger_1->b_1', 'trigger_1->c_1', 'slow_1->join_1', 'b_1->join_1', 'c_1->join_1',
]);

/** A process of its own (testing/crash-starter.ts) that starts one run of `plan`, so it runs it eagerly. */
async function startInChild(engine: Engine, plan: Plan, options = {}): Promise<{ child: ChildProcess; runId: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'testing/crash-starter.ts')], {
    env: { ...process.env, WEFT_PREFIX: engine.prefix, PLAN: JSON.stringify(plan), INPUT: JSON.stringify({ slowMs: 1500 }), OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const runId = await new Promise<string>((ok) => child.stdout!.on('data', (d: Buffer) => /run (\S+)/.test(d.toString()) && ok(/run (\S+)/.exec(d.toString())![1])));
  return { child, runId };
}
