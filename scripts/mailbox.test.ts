import { afterAll, describe, expect, it } from 'vitest';
import { eventsUntilEnd, testEngine } from '../actors/testing/harness.ts';
import { buildPlan } from '../actors/testing/plan-builder.ts';
import { testExecute } from '../actors/testing/test-executor.ts';
import { formatActors } from './mailbox.ts';

const engine = testEngine(testExecute);
engine.startWorker(2);
afterAll(() => engine.close());

describe('mailbox inspector', () => {
  it("prints every actor's state and its mailbox messages", async () => {
    const plan = buildPlan({ trigger_1: { type: 'trigger', role: 'trigger' }, a_1: {}, b_1: {}, join_1: {} }, [
      'trigger_1->a_1', 'trigger_1->b_1', 'a_1->join_1', 'b_1->join_1',
    ]);
    const runId = await engine.startRun(plan, { hello: 'world' });
    await eventsUntilEnd(engine, runId);
    const text = formatActors(runId, (await engine.actors(runId))!);
    expect(text).toContain(`run ${runId}: 4 actors`);
    expect(text).toMatch(/join_1 {2}\[completed\] {2}mailbox .*mbx:join_1: 2 message\(s\)/);
    expect(text).toMatch(/a_1:out → in {2}data {2}hop 2 {2}\{"node":"a_1"\}/);
    expect(text).toMatch(/trigger_1:out → in {2}data {2}hop 1 {2}\{"hello":"world"\}/);
  });
});
