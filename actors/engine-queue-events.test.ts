/**
 * BullMQ keeps a stream of every job's events (added, active, completed, removed…) for its
 * QueueEvents listeners, 10,000 entries long unless told otherwise. Weft never reads it (run
 * events are its own), so the engine keeps it short: Redis memory comes back to where it was
 * once the runs' keys have expired (the chaos suite's soak found ~1.3 MB left after 1,000 runs).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { activationQueue } from './keys.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { testExecute } from './testing/test-executor.ts';

// no eager dispatch (actors/eager.ts): every activation goes through the queue and its events
const engine = testEngine(testExecute, { eagerLimit: 0 });
afterAll(() => engine.close());

describe('the activation queue’s event stream', () => {
  it('stays a few hundred entries long, however many activations ran', async () => {
    engine.startWorker(8);
    // a trigger runs with its run's start: the node after it is the queue's job
    const plan = buildPlan({ trigger_1: { type: 'trigger', role: 'trigger' }, a_1: {} }, ['trigger_1->a_1']);
    for (let batch = 0; batch < 5; batch++) {
      const runs = await Promise.all(Array.from({ length: 40 }, () => engine.startRun(plan, {})));
      await Promise.all(runs.map((id) => eventsUntilEnd(engine, id)));
    }
    const length = await engine.redis.xlen(`${engine.prefix}bull:${activationQueue}:events`);
    expect(length).toBeGreaterThan(0);
    expect(length).toBeLessThanOrEqual(300);
  });
});
