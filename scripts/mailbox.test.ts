import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventsUntilEnd, testEngine } from '../actors/testing/harness.ts';
import { buildPlan } from '../actors/testing/plan-builder.ts';
import { testExecute } from '../actors/testing/test-executor.ts';
import { formatActors, inspectRun, parseArgs, redisUrl } from './mailbox.ts';

const engine = testEngine(testExecute);
engine.startWorker(2);
afterAll(() => engine.close());

const trigger = { trigger_1: { type: 'trigger', role: 'trigger' as const } };

describe('mailbox inspector', () => {
  it("prints every actor's state and its mailbox messages", async () => {
    const plan = buildPlan({ ...trigger, a_1: {}, b_1: {}, join_1: {} }, [
      'trigger_1->a_1', 'trigger_1->b_1', 'a_1->join_1', 'b_1->join_1',
    ]);
    const runId = await engine.startRun(plan, { hello: 'world', long: 'x'.repeat(200) });
    await eventsUntilEnd(engine, runId);
    const text = formatActors(runId, (await engine.actors(runId))!, 'completed');
    const lines = text.split('\n');
    expect(lines[0]).toBe(`run ${runId} [completed]: 4 actors`);
    expect(text).toContain(`join_1  [completed]  2 messages  (${engine.prefix}{run:${runId}}:mbx:join_1)`);
    expect(text).toContain('trigger_1  [completed]  0 messages');
    expect(text).toMatch(/\n {2}\d+-\d+ {2}a_1:out → in {2}data {2}hop 2 {2}\{"node":"a_1"\}\n/);
    const fromTrigger = lines.find((l) => l.includes('trigger_1:out → in  data  hop 1'))!;
    // payload summaries are cut at 80 characters
    expect(fromTrigger).toContain('{"hello":"world","long":"xxx');
    expect(fromTrigger.slice(fromTrigger.indexOf('{"hello"'))).toHaveLength(80);
    expect(fromTrigger.endsWith('…')).toBe(true);
  });

  it('shows skip messages and skipped actors', async () => {
    const plan = buildPlan({ ...trigger, pick_1: { type: 'pick', role: 'router' }, yes_1: {}, no_1: {} }, [
      'trigger_1->pick_1', 'pick_1:Condition 1->yes_1', 'pick_1:Else->no_1',
    ]);
    const runId = await engine.startRun(plan, { choice: 'Condition 1' });
    await eventsUntilEnd(engine, runId);
    const text = formatActors(runId, (await engine.actors(runId))!);
    expect(text).toContain('no_1  [skipped]  1 message  (');
    expect(text).toMatch(/pick_1:Else → in {2}skip {2}hop 2\n/);
  });

  it('follows a live run, printing changes until it ends', async () => {
    const plan = buildPlan({ ...trigger, sleep_1: {}, after_1: {} }, ['trigger_1->sleep_1', 'sleep_1->after_1']);
    const runId = await engine.startRun(plan, {});
    const printed: string[] = [];
    await inspectRun(engine.redis, { runId, prefix: engine.prefix, follow: true }, (text) => printed.push(text));
    const text = printed.join('\n');
    expect(printed[0]).toMatch(new RegExp(`^run ${runId} \\[running\\]`));
    expect(text).toMatch(/--- .*node\.completed sleep_1/);
    expect(text).toContain('after_1  [completed]  1 message');
    expect(printed.at(-1)).toBe(`\nrun ${runId} has ended: completed`);
  });

  it('says clearly when the run is not there', async () => {
    await expect(inspectRun(engine.redis, { runId: 'run_nope', prefix: engine.prefix, follow: false }, () => {})).rejects.toThrow(
      `No run run_nope under prefix '${engine.prefix}'`,
    );
  });

  it('reads its arguments and finds Redis', () => {
    expect(parseArgs(['run_1', '--follow', '--prefix', 'x:'], {})).toEqual({ runId: 'run_1', follow: true, prefix: 'x:' });
    expect(parseArgs(['run_1'], { WEFT_PREFIX: 'w2:' })).toEqual({ runId: 'run_1', follow: false, prefix: 'w2:' });
    expect(() => parseArgs([], {})).toThrow('usage: npm run mailbox -- <runId>');
    expect(() => parseArgs(['run_1', '--folow'], {})).toThrow('unknown option --folow');
    expect(() => parseArgs(['run_1', '--prefix'], {})).toThrow('--prefix needs a value');

    const dir = mkdtempSync(join(tmpdir(), 'weft-mailbox-'));
    try {
      expect(redisUrl({ REDIS_URL: 'redis://a:1', WEFT_DATA_DIR: dir })).toBe('redis://a:1');
      expect(() => redisUrl({ WEFT_DATA_DIR: dir })).toThrow('Set it, e.g.: REDIS_URL=redis://127.0.0.1:6379');
      writeFileSync(join(dir, 'redis.url'), 'redis://127.0.0.1:7777\n');
      expect(redisUrl({ WEFT_DATA_DIR: dir })).toBe('redis://127.0.0.1:7777');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
