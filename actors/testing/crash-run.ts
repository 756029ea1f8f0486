/**
 * @module actors/testing/crash-run — the crash tests' run (two branches, a slow node on one,
 * a join) and what must hold after its worker was SIGKILLed while the slow node ran: this
 * process took it over, and every node completed and every message was delivered exactly once.
 */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { RunEvent } from '../../contract/run-events.ts';
import type { Engine } from '../engine.ts';
import { eventsUntilEnd } from './harness.ts';
import { buildPlan } from './plan-builder.ts';

export const crashPlan = buildPlan(
  { trigger_1: { type: 'trigger', role: 'trigger' }, a_1: {}, b_1: {}, slow_1: {}, join_1: {}, after_1: {} },
  ['trigger_1->a_1', 'trigger_1->b_1', 'a_1->slow_1', 'slow_1->join_1', 'b_1->join_1', 'join_1->after_1'],
);

/**
 * SIGKILL `child` (the process running the run) once `actor` runs (after `check`, if given, looked
 * at the run then), let `engine` take the run over with a worker of its own; resolves to the
 * run's events once it has ended.
 */
export async function killWhenRunning(engine: Engine, runId: string, child: ChildProcess, actor: string, check?: () => Promise<void>): Promise<RunEvent[]> {
  while ((await engine.snapshot(runId))?.nodes[actor]?.state !== 'running') await sleep(20);
  await check?.();
  child.kill('SIGKILL');
  await new Promise((ok) => child.once('exit', ok));
  engine.startWorker(4);
  const events = await eventsUntilEnd(engine, runId, 30_000);
  expect(events.at(-1)?.type).toBe('run.completed');
  return events;
}

/** The crash plan's run, its process killed while the slow node ran: taken over here, every node and message once. */
export async function killMidRunAndCheck(engine: Engine, runId: string, child: ChildProcess): Promise<void> {
  const events = await killWhenRunning(engine, runId, child, 'slow_1');
  const snap = await engine.snapshot(runId);
  expect((snap?.nodes.slow_1.output as { pid: number }).pid).toBe(process.pid);
  for (const node of Object.keys(crashPlan.nodes)) {
    expect(events.filter((e) => e.type === 'node.completed' && e.nodeId === node)).toHaveLength(1);
  }
  const actors = await engine.actors(runId);
  const mailboxes = Object.fromEntries(actors!.map((a) => [a.actor, a.mailbox.length]));
  expect(mailboxes).toMatchObject({ a_1: 1, b_1: 1, slow_1: 1, join_1: 2, after_1: 1 });
}
