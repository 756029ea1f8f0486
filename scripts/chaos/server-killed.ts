/**
 * @module scripts/chaos/server-killed — the "server killed" scenario: production calls of the
 * chaos flow (webhook → wait 1 s → API call to the receiver, which takes 2 s → response) keep
 * coming while the server process (WEFT_ROLE=server) is SIGKILLed with realtime callers waiting
 * on it, stays down a moment and is started again on the same port. Every caller must get an
 * answer or a connection error, never a hang past its own timeout; every run that started must
 * complete (the workers were not touched), and the restarted server must write the log record
 * of every run the killed one had noted (`logs:following` empty at the end).
 */
import { flowRunsKey } from '../../actors/keys.ts';
import { awaitRuns, FAILED, sleep, spreadCalls } from './load.ts';
import type { ScenarioResult } from './report.ts';
import { withChaosFlow } from './setup.ts';

export interface ServerKilledOptions {
  runs: number;
  workers: number;
  /** calls are started evenly over this window, long enough for some to come after the restart */
  spreadMs: number;
  /** when the server is killed (ms after the first call): callers sent before then are waiting */
  killAtMs: number;
  /** how long the server stays down */
  downMs: number;
  /** how long a caller waits for an answer before it gives up (a hang) */
  callerTimeoutMs: number;
  /** how long after the restart every run must have finished */
  finishWithinMs: number;
}

/** what a caller sees when the server's connection is cut or refused */
const CONNECTION_ERROR = /ECONNRESET|ECONNREFUSED|other side closed|socket hang up|terminated|fetch failed|EPIPE/i;

export async function serverKilled(options: ServerKilledOptions, say: (line: string) => void): Promise<ScenarioResult> {
  return withChaosFlow({ receiverDelayMs: 2000, workers: options.workers }, async ({ receiver, cluster, redis, flow }) => {
    say(`server-killed: ${options.runs} runs over ${options.spreadMs} ms, server down ${options.downMs} ms`);

    const t0 = Date.now();
    const calls = spreadCalls(flow, options.runs, options.spreadMs, options.callerTimeoutMs);
    await sleep(t0 + options.killAtMs - Date.now());
    const killedAt = Date.now();
    await cluster.killServer();
    say(`  SIGKILL server at ${((killedAt - t0) / 1000).toFixed(1)} s`);
    await sleep(options.downMs);
    await cluster.restartServer();
    const backAt = Date.now();
    const answered = await calls;

    // every run that started, whether or not its caller learnt its id
    const runIds = await redis.zrange(flowRunsKey(cluster.prefix, flow.flowId), 0, -1);
    const ends = [...(await awaitRuns(redis, cluster.prefix, runIds, backAt + options.finishWithinMs)).values()];
    const completed = ends.filter((e) => e.status === 'completed').length;
    const failed = ends.filter((e) => FAILED.has(e.status)).length;
    const unfinished = ends.length - completed - failed;
    const lastFinish = Math.max(backAt, ...ends.map((e) => e.finishedAt));
    // the restarted server follows the runs the killed one had noted and writes their records
    let following = await redis.hlen(`${cluster.prefix}logs:following`);
    for (let i = 0; following > 0 && i < 20; i++) {
      await sleep(500);
      following = await redis.hlen(`${cluster.prefix}logs:following`);
    }

    const waitingAtKill = answered.filter((a) => a.sentAt < killedAt && a.answeredAt >= killedAt);
    const cut = answered.filter((a) => a.status === 0 && a.error && CONNECTION_ERROR.test(a.error));
    const hung = answered.filter((a) => a.status === 0 && !cut.includes(a));
    const slowest = Math.max(...answered.map((a) => a.answeredAt - a.sentAt));
    const status = (code: number) => answered.filter((a) => a.status === code).length;
    const afterRestart = answered.filter((a) => a.sentAt >= backAt);
    const unknownToCaller = runIds.filter((id) => !answered.some((a) => a.runId === id)).length;
    const effects = new Set(receiver.calls.map((c) => c.call)).size;

    return {
      name: 'server-killed',
      rows: [
        ['calls sent', String(options.runs), ''],
        ['server down (kill → serving again)', `${((backAt - killedAt) / 1000).toFixed(1)} s`, ''],
        ['callers waiting on the server when it was killed', String(waitingAtKill.length), ''],
        ['callers answered 200 / 202 / other status', `${status(200)} / ${status(202)} / ${answered.filter((a) => a.status && a.status !== 200 && a.status !== 202).length}`, ''],
        ['callers given a connection error (cut or refused)', String(cut.length), ''],
        ['callers sent after the restart answered 200', `${afterRestart.filter((a) => a.status === 200).length}/${afterRestart.length}`, `${afterRestart.length}/${afterRestart.length}`],
        ['callers left hanging past their timeout (or another error)', `${hung.length}${hung.length ? ` (${hung[0].error})` : ''}`, '0'],
        ['slowest caller answered after', `${(slowest / 1000).toFixed(1)} s`, `< ${options.callerTimeoutMs / 1000} s`],
        ['runs started (flow history)', String(runIds.length), ''],
        ['… whose caller never learnt its id (connection cut)', String(unknownToCaller), ''],
        ['runs completed', `${completed}/${runIds.length}`, `${runIds.length}/${runIds.length}`],
        ['runs failed / unfinished after the bound', `${failed} / ${unfinished}`, '0 / 0'],
        ['runs that reached the receiver', `${effects}/${runIds.length}`, `${runIds.length}/${runIds.length}`],
        ['log records still waiting for their run (logs:following)', String(following), '0'],
        ['last run finished after the restart', `${((lastFinish - backAt) / 1000).toFixed(1)} s`, `< ${options.finishWithinMs / 1000} s`],
      ],
      passed: hung.length === 0 && afterRestart.length > 0 && afterRestart.every((a) => a.status === 200) && completed === runIds.length && runIds.length > 0 && effects === runIds.length && following === 0,
      summary: `server-killed ${completed}/${runIds.length} runs completed, ${cut.length} callers cut, ${hung.length} hung`,
    };
  });
}
