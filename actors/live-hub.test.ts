/** Live events of a flow: listeners may ask for one run's events or for the runs' own only. */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '../contract/run-events.ts';
import { LiveHub } from './live-hub.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { testExecute } from './testing/test-executor.ts';
import { buildPlan } from './testing/plan-builder.ts';

const engine = testEngine(testExecute);
engine.startWorker(4);
afterAll(() => engine.close());

describe('live hub', () => {
  it("gives a listener every event, one run's steps (no messages or queueings), or the runs' own, as it asks", async () => {
    const plan = buildPlan({ trigger_1: { role: 'trigger' }, a_1: {}, b_1: {} }, ['trigger_1->a_1', 'a_1->b_1'], 'flow_live_hub');
    const first = `run_${randomUUID().replace(/-/g, '')}`;
    const seen = { all: [] as RunEvent[], first: [] as RunEvent[], runs: [] as RunEvent[] };
    const stops = await Promise.all([
      engine.listenToFlow(plan.flowId, (e) => seen.all.push(e)),
      engine.listenToFlow(plan.flowId, (e) => seen.first.push(e), { runId: first }),
      engine.listenToFlow(plan.flowId, (e) => seen.runs.push(e), { runEvents: true }),
    ]);
    const runIds = [await engine.startRun(plan, {}, { runId: first }), await engine.startRun(plan, {})];
    const stored = await Promise.all(runIds.map((id) => eventsUntilEnd(engine, id)));
    await new Promise((ok) => setTimeout(ok, 100));
    stops.forEach((stop) => stop());
    const ids = (events: RunEvent[]) => events.map((e) => e.id).sort();
    expect(ids(seen.all)).toEqual(ids(stored.flat()));
    const steps = stored[0].filter((e) => e.type !== 'edge.message' && e.type !== 'node.queued');
    expect(steps.length).toBeGreaterThan(3);
    expect(ids(seen.first)).toEqual(ids(steps));
    expect(seen.runs.map((e) => `${e.runId} ${e.type}`).sort()).toEqual(
      runIds.flatMap((id) => [`${id} run.completed`, `${id} run.started`]).sort(),
    );
  });
});

describe('a listener that joins while its channel is being subscribed', () => {
  // The chaos soak found a webhook caller waiting 30 s for a run that had completed at once: a
  // second caller's listen returned before Redis had confirmed the channel, the caller read the
  // run's past events, and the run ended before the subscription took effect.
  it('is told it listens only once Redis has confirmed the subscription', async () => {
    let confirm: () => void = () => {};
    const subscriber = { status: 'ready', on() {}, subscribe: () => new Promise<void>((ok) => (confirm = ok)), unsubscribe: async () => {} };
    const hub = new LiveHub(subscriber as unknown as Redis);
    const listening: string[] = [];
    const first = hub.listen('flow-channel', () => {}).then(() => listening.push('first'));
    const second = hub.listen('flow-channel', () => {}).then(() => listening.push('second'));
    await new Promise((ok) => setTimeout(ok, 20));
    expect(listening).toEqual([]);
    confirm();
    await Promise.all([first, second]);
    expect(listening.sort()).toEqual(['first', 'second']);
  });

  it('subscribes afresh for the next listener when a subscription failed', async () => {
    let calls = 0;
    const subscriber = { status: 'ready', on() {}, subscribe: async () => (++calls === 1 ? Promise.reject(new Error('Connection is closed.')) : undefined), unsubscribe: async () => {} };
    const hub = new LiveHub(subscriber as unknown as Redis);
    await expect(hub.listen('flow-channel', () => {})).rejects.toThrow('Connection is closed.');
    const stop = await hub.listen('flow-channel', () => {});
    expect(calls).toBe(2);
    stop();
  });
});

describe('listening on a connection that is still connecting', () => {
  // Issue #21: the chaos soak's first calls (one per flow, at once) hung every caller after it:
  // a SUBSCRIBE written while the hub's connection was still in its handshake put it in
  // subscriber mode before ioredis's ready check, whose INFO was then refused.
  it('subscribes once the connection is ready: every listener is confirmed, the connection unharmed', async () => {
    const subscriber = new Redis(process.env.REDIS_URL!);
    const errors: string[] = [];
    subscriber.on('error', (error: Error) => errors.push(error.message));
    const hub = new LiveHub(subscriber);
    try {
      const during = new Promise<unknown>((ok) => subscriber.once('connect', () => ok(hub.listen('flow-b', () => {}).catch((e: Error) => e.message))));
      const first = hub.listen('flow-a', () => {}).catch((e: Error) => e.message);
      const outcomes = await Promise.all([first, during]);
      expect(outcomes.map((outcome) => typeof outcome)).toEqual(['function', 'function']);
      expect(errors).toEqual([]);
      expect(subscriber.status).toBe('ready');
    } finally {
      hub.close();
    }
  });
});
