/** Joins: one field per inbound edge ('<kind>:<hop>'), read once when the last edge sends. */
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.ts';
import type { ExecuteFn } from './engine-types.ts';
import { runKeys } from './keys.ts';
import { eventsUntilEnd, testEngine } from './testing/harness.ts';
import { buildPlan } from './testing/plan-builder.ts';

const engines: Engine[] = [];
afterAll(() => Promise.all(engines.map((e) => e.close())));

describe('joins', () => {
  it('keeps <kind>:<hop> per inbound edge, and completes a join begun in the older counter format', async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((ok) => (release = ok));
    const execute: ExecuteFn = async (a) => {
      if (a.node.id === 'b_1') await released;
      return { output: { node: a.node.id } };
    };
    const engine = testEngine(execute);
    engines.push(engine);
    engine.startWorker(4);
    // trigger_1 → a_1 → c_1 → join_1 (hop 3) and trigger_1 → b_1 → join_1 (hop 2)
    const plan = buildPlan({ trigger_1: { role: 'trigger' }, a_1: {}, b_1: {}, c_1: {}, join_1: {} }, [
      'trigger_1->a_1', 'a_1->c_1', 'c_1->join_1', 'trigger_1->b_1', 'b_1->join_1',
    ]);
    const runId = await engine.startRun(plan, {});
    const join = runKeys(engine.prefix, runId).join('join_1');
    while (!(await engine.redis.hexists(join, 'e3'))) await new Promise((ok) => setTimeout(ok, 10));
    expect(await engine.redis.hgetall(join)).toEqual({ e3: 'data:3' });
    // rewrite it as a join written before this format: kinds only, counters beside them
    await engine.redis.hset(join, 'e3', 'data', '_hop', '3', '_data', '1', '_need', '2');
    release();
    const events = await eventsUntilEnd(engine, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    const joinMessages = (await engine.redis.xrange(runKeys(engine.prefix, runId).mailbox('join_1'), '-', '+')).map(([, f]) => JSON.parse(f[1]));
    expect(joinMessages.map((m) => [m.from.nodeId, m.hop])).toEqual([['c_1', 3], ['b_1', 2]]);
    expect((await engine.snapshot(runId))?.nodes.join_1).toMatchObject({ state: 'completed', output: { node: 'join_1' } });
    // the join became ready with the larger hop of its two paths (here kept only in _hop)
    expect(await engine.redis.hget(runKeys(engine.prefix, runId).actors, 'join_1:hop')).toBe('3');
  });
});
