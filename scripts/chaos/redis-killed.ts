/**
 * @module scripts/chaos/redis-killed — the "Redis killed" scenario: production calls of the
 * chaos flow keep coming while Redis is SIGKILLed (AOF everysec) and started again on the same
 * files; afterwards every run the callers were given must end. A run that is gone must have been
 * started within the fsync window before the kill, and its caller must have been told (an error
 * answer or a broken connection, never 200/202 for a run that no longer exists).
 */
import { awaitRuns, FAILED, sleep, spreadCalls } from './load.ts';
import type { ScenarioResult } from './report.ts';
import { withChaosFlow } from './setup.ts';

export interface RedisKilledOptions {
  runs: number;
  workers: number;
  /** calls are started evenly over this window; Redis is killed in its middle */
  spreadMs: number;
  /** how long Redis stays down */
  downMs: number;
  /** how long after Redis is back every run must have finished */
  finishWithinMs: number;
}

/** appendfsync everysec: what was written in the last second (and a little) may be gone */
const FSYNC_WINDOW_MS = 2000;

export async function redisKilled(options: RedisKilledOptions, say: (line: string) => void): Promise<ScenarioResult> {
  return withChaosFlow({ receiverDelayMs: 200, workers: options.workers }, async ({ receiver, cluster, redis, flow }) => {
    say(`redis-killed: ${options.runs} runs over ${options.spreadMs} ms, ${options.workers} workers, Redis down ${options.downMs} ms`);

    const t0 = Date.now();
    const calls = spreadCalls(flow, options.runs, options.spreadMs);
    await sleep(t0 + options.spreadMs / 2 - Date.now());
    const killedAt = Date.now();
    say(`  SIGKILL Redis at ${((killedAt - t0) / 1000).toFixed(1)} s`);
    await cluster.killRedis(options.downMs);
    const backAt = Date.now();
    const answered = await calls;

    const withRun = answered.filter((a) => a.runId);
    const ends = await awaitRuns(redis, cluster.prefix, withRun.map((a) => a.runId!), backAt + options.finishWithinMs);
    const endOf = (runId: string) => ends.get(runId)!;
    const completed = withRun.filter((a) => endOf(a.runId!).status === 'completed');
    const failed = withRun.filter((a) => FAILED.has(endOf(a.runId!).status));
    const stuck = withRun.filter((a) => endOf(a.runId!).status === 'running');
    const gone = withRun.filter((a) => endOf(a.runId!).status === 'missing');
    const noRun = answered.filter((a) => !a.runId);
    const told = (a: { status: number }) => a.status === 0 || a.status >= 400;
    // silent: the caller was given a run (200 or 202) that never completed
    const silent = answered.filter((a) => !told(a) && (!a.runId || endOf(a.runId).status !== 'completed'));
    const outsideWindow = gone.filter((a) => a.sentAt < killedAt - FSYNC_WINDOW_MS);
    const callers = (code: number) => answered.filter((a) => a.status === code).length;
    // a refused call whose run went on anyway: a caller who retries it makes the effect twice
    const refusedButRan = noRun.filter((a) => receiver.calls.some((c) => c.call === a.call));

    return {
      name: 'redis-killed',
      rows: [
        ['calls sent', String(options.runs), ''],
        ['Redis down (kill → serving again)', `${((backAt - killedAt) / 1000).toFixed(1)} s`, ''],
        ['callers answered 200 / 202 / 5xx / no answer', `${callers(200)} / ${callers(202)} / ${answered.filter((a) => a.status >= 500).length} / ${callers(0)}`, ''],
        ['calls answered without a run id (told: an error)', String(noRun.length), ''],
        ['… whose run went on anyway (the receiver was called)', String(refusedButRan.length), ''],
        ['runs resumed and completed', `${completed.length}/${withRun.length}`, `${withRun.length - gone.length}/${withRun.length}`],
        ['runs failed after the restart', String(failed.length), '0'],
        ['runs unfinished after the bound', String(stuck.length), '0'],
        ['runs lost (gone from Redis)', String(gone.length), ''],
        ['… started more than the fsync window before the kill', String(outsideWindow.length), '0'],
        ['… whose caller was told', `${gone.filter(told).length}/${gone.length}`, `${gone.length}/${gone.length}`],
        ['callers given a run that did not complete (silent loss)', String(silent.length), '0'],
      ],
      passed: stuck.length === 0 && failed.length === 0 && outsideWindow.length === 0 && silent.length === 0,
      summary: `redis-killed ${completed.length}/${withRun.length} resumed, ${gone.length} lost (${silent.length} silently)`,
    };
  });
}
