/**
 * A realtime caller's wait for its run's result is bounded end to end (issue #21: a chaos soak
 * hung with every caller unanswered and the runs completed): a subscriber connection that stops
 * answering — its SUBSCRIBE never confirmed — holds no caller past its timeout, and a
 * confirmation that comes late still gives the caller its result, read back from the run's
 * events. The subscriber's connection goes through a proxy that holds the real Redis's replies.
 */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveChannel } from './keys.ts';
import { LiveHub } from './live-hub.ts';
import { watchResult, type ResultSource } from './run-result.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';
import { stallingProxy, type StallingProxy } from './testing/stalling-proxy.ts';
import { testExecute } from './testing/test-executor.ts';

const engine = testEngine(testExecute);
engine.startWorker(4);
const plan = buildPlan({ trigger_1: { role: 'trigger' }, a_1: {} }, ['trigger_1->a_1'], 'flow_run_result');
let proxy: StallingProxy;
let hub: LiveHub;
let source: ResultSource;

beforeAll(async () => {
  proxy = await stallingProxy(process.env.REDIS_URL!);
  hub = new LiveHub(new Redis(proxy.url));
  source = {
    listenToFlow: (flowId, listener, filter) => hub.listen(liveChannel(engine.prefix, flowId), listener, filter),
    events: (runId) => engine.events(runId),
    runOutput: (runId) => engine.runOutput(runId),
  };
});
afterAll(async () => {
  hub.close();
  await proxy.close();
  await engine.close();
});

const newRunId = () => `run_${randomUUID().replace(/-/g, '')}`;

describe('a realtime caller whose subscriber connection stops answering', () => {
  it('is answered "timeout" when its wait runs out, its run started', async () => {
    proxy.stall();
    try {
      const runId = newRunId();
      const t0 = Date.now();
      const watch = await watchResult(source, runId, plan.flowId, ['a_1'], false, 100);
      await engine.startRun(plan, {}, { runId });
      const result = await watch.wait(400);
      expect(result).toEqual({ status: 'timeout' });
      expect(Date.now() - t0).toBeLessThan(5000);
      expect((await eventsUntilEnd(engine, runId)).at(-1)?.type).toBe('run.completed');
    } finally {
      proxy.resume();
    }
  });

  it('gets its run\'s result when the confirmation comes late, read back from the run\'s events', async () => {
    proxy.stall();
    const runId = newRunId();
    const watch = await watchResult(source, runId, plan.flowId, ['a_1'], false, 100);
    await engine.startRun(plan, {}, { runId });
    // the run ends while nothing reaches this caller live
    await eventsUntilEnd(engine, runId);
    const waiting = watch.wait(10_000);
    proxy.resume();
    expect(await waiting).toMatchObject({ status: 'responded' });
  });
});
