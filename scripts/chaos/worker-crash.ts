/**
 * @module scripts/chaos/worker-crash — the "worker crash" scenario: M production calls of the
 * chaos flow, started a little apart, while workers are SIGKILLed at random moments (and started
 * again at once); then every run must finish within a bound, exactly once, and the receiver must
 * be able to recognise every repeated call by its Idempotency-Key.
 */
import { duplicateDeliveries, runEvents } from './chaos-flow.ts';
import { awaitRuns, FAILED, sleep, spreadCalls } from './load.ts';
import type { ScenarioResult } from './report.ts';
import { withChaosFlow } from './setup.ts';
import { countSideEffects } from './side-effects.ts';

export interface WorkerCrashOptions {
  runs: number;
  workers: number;
  kills: number;
  /** calls are started evenly over this window */
  spreadMs: number;
  /** how long the receiver takes to answer */
  receiverDelayMs: number;
  /** how long after the last kill every run must have finished */
  finishWithinMs: number;
  /** told once the last kill is done: what is left is the wait for the runs (others may run meanwhile) */
  afterKills?: () => void;
}

export async function workerCrash(options: WorkerCrashOptions, say: (line: string) => void): Promise<ScenarioResult> {
  return withChaosFlow({ receiverDelayMs: options.receiverDelayMs, workers: options.workers }, async ({ receiver, cluster, redis, flow }) => {
    say(`worker-crash: ${options.runs} runs over ${options.spreadMs} ms, ${options.workers} workers, ${options.kills} SIGKILLs`);

    const t0 = Date.now();
    const calls = spreadCalls(flow, options.runs, options.spreadMs);
    // kill moments: anywhere while runs are in the wait, the API call or the hand-on
    const window = options.spreadMs + 1000 + options.receiverDelayMs;
    const killAt = Array.from({ length: options.kills }, () => 300 + Math.random() * window).sort((a, b) => a - b);
    const kills: { at: number; worker: number }[] = [];
    for (const at of killAt) {
      await sleep(t0 + at - Date.now());
      const worker = Math.floor(Math.random() * cluster.workerCount);
      kills.push({ at: Date.now(), worker });
      say(`  SIGKILL worker ${worker} at ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      await cluster.killWorker(worker);
    }
    options.afterKills?.();
    const answered = await calls;
    const lastKill = kills.at(-1)?.at ?? t0;

    const runIds = answered.flatMap((a) => (a.runId ? [a.runId] : []));
    const ends = [...(await awaitRuns(redis, cluster.prefix, runIds, lastKill + options.finishWithinMs)).values()];
    const inFlightAtKill = ends.filter((e) => kills.some((k) => e.startedAt < k.at && (!e.finishedAt || e.finishedAt > k.at))).length;
    const lastFinish = Math.max(t0, ...ends.map((e) => e.finishedAt));
    let duplicates = 0;
    for (const id of runIds) duplicates += duplicateDeliveries(await runEvents(redis, cluster.prefix, id));
    const effects = countSideEffects(receiver.calls);
    const completed = ends.filter((e) => e.status === 'completed').length;
    const failed = ends.filter((e) => FAILED.has(e.status)).length;
    const lost = options.runs - completed - failed;
    const callers = (code: number) => answered.filter((a) => a.status === code).length;
    const keysSent = receiver.calls.filter((c) => c.key).length;

    return {
      name: 'worker-crash',
      rows: [
        ['runs started', String(options.runs), ''],
        ['SIGKILLs of a worker', `${kills.length} (at ${kills.map((k) => `${((k.at - t0) / 1000).toFixed(1)} s`).join(', ')})`, ''],
        ['runs in flight at a kill', String(inFlightAtKill), ''],
        ['runs whose API call was made again', String(effects.repeatedCalls), ''],
        ['callers answered 200 / 202 / other', `${callers(200)} / ${callers(202)} / ${answered.length - callers(200) - callers(202)}`, ''],
        ['runs completed', `${completed}/${options.runs}`, `${options.runs}/${options.runs}`],
        ['runs failed', String(failed), '0'],
        ['runs lost (unfinished after the bound, or no run id)', String(lost), '0'],
        ['duplicate deliveries (a node completed or an edge message sent twice)', String(duplicates), '0'],
        ['receiver calls / distinct runs reaching it', `${effects.calls} / ${effects.effects}`, `- / ${options.runs}`],
        ['calls with an Idempotency-Key', `${keysSent}/${effects.calls}`, `${effects.calls}/${effects.calls}`],
        ['recognisable repeats (key seen before)', String(effects.recognisedRepeats), ''],
        ['unrecognisable duplicate side effects', String(effects.unrecognisedDuplicates), '0'],
        ['last run finished after the last kill', `${((lastFinish - lastKill) / 1000).toFixed(1)} s`, `< ${options.finishWithinMs / 1000} s`],
      ],
      passed:
        completed === options.runs && lost === 0 && duplicates === 0 && effects.unrecognisedDuplicates === 0 && keysSent === effects.calls && effects.effects === options.runs,
      summary: `worker-crash ${completed}/${options.runs} completed, ${lost} lost, ${duplicates} duplicate deliveries, ${effects.unrecognisedDuplicates} unrecognised duplicate side effects`,
    };
  });
}
