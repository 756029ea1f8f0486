/** Eager dispatch (actors/eager.ts): the starting process runs a run's activations; the queue recovers them when it dies. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { testExecute } from './testing/test-executor.ts';
import { crashPlan, killMidRunAndCheck } from './testing/crash-run.ts';

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
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'testing/crash-starter.ts')], {
      env: { ...process.env, WEFT_PREFIX: engine.prefix, PLAN: JSON.stringify(crashPlan), INPUT: JSON.stringify({ slowMs: 1500 }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const runId = await new Promise<string>((ok) => child.stdout!.on('data', (d: Buffer) => /run (\S+)/.test(d.toString()) && ok(/run (\S+)/.exec(d.toString())![1])));
    await killMidRunAndCheck(engine, runId, child);
  });
});
