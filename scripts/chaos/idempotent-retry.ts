/**
 * @module scripts/chaos/idempotent-retry — the "idempotent retry" scenario: realtime callers of
 * the chaos flow (webhook → wait 1 s → API call to the receiver, which takes 2 s → response),
 * each with an Idempotency-Key of its own, wait on the server process (WEFT_ROLE=server) when it
 * is SIGKILLed; every caller whose connection is cut or refused retries with the same key and
 * body until it is answered. Each caller must get its run's answer (200), no key may start a
 * second run, and each run's side effect (the receiver's call) must happen once.
 */
import { flowRunsKey } from '../../actors/keys.ts';
import { callFlow, type CallAnswer } from './chaos-flow.ts';
import { awaitRuns, sleep } from './load.ts';
import type { ScenarioResult } from './report.ts';
import { withChaosFlow } from './setup.ts';

export interface IdempotentRetryOptions {
  callers: number;
  workers: number;
  /** when the server is killed (ms after the first call): every caller waits on it then */
  killAtMs: number;
  downMs: number;
  /** how long a caller goes on retrying */
  retryForMs: number;
  finishWithinMs: number;
}

interface Caller extends CallAnswer {
  attempts: number;
}

export async function idempotentRetry(options: IdempotentRetryOptions, say: (line: string) => void): Promise<ScenarioResult> {
  return withChaosFlow({ receiverDelayMs: 2000, workers: options.workers }, async ({ receiver, cluster, redis, flow }) => {
    say(`idempotent-retry: ${options.callers} keyed callers, server killed at ${options.killAtMs} ms for ${options.downMs} ms`);
    const t0 = Date.now();
    const callers = Promise.all(
      Array.from({ length: options.callers }, async (_, i): Promise<Caller> => {
        const keyed = { hook: flow.hook, headers: { ...flow.headers, 'idempotency-key': `retry-${i}` } };
        let answer = await callFlow(keyed, `call-${i}`, 60_000);
        let attempts = 1;
        while (answer.status === 0 && Date.now() < t0 + options.retryForMs) {
          await sleep(250);
          answer = await callFlow(keyed, `call-${i}`, 60_000);
          attempts++;
        }
        return { ...answer, attempts };
      }),
    );
    await sleep(t0 + options.killAtMs - Date.now());
    await cluster.killServer();
    await sleep(options.downMs);
    await cluster.restartServer();
    const answered = await callers;

    const runIds = await redis.zrange(flowRunsKey(cluster.prefix, flow.flowId), 0, -1);
    const ends = [...(await awaitRuns(redis, cluster.prefix, runIds, Date.now() + options.finishWithinMs)).values()];
    const completed = ends.filter((e) => e.status === 'completed').length;
    const retried = answered.filter((a) => a.attempts > 1);
    const ok = answered.filter((a) => a.status === 200);
    const answeredRuns = new Set(ok.map((a) => a.runId));
    const perCall = new Map<string, number>();
    for (const call of receiver.calls) perCall.set(call.call ?? '?', (perCall.get(call.call ?? '?') ?? 0) + 1);
    const repeated = [...perCall.values()].filter((n) => n > 1).length;
    for (const a of answered.filter((a) => a.status !== 200).slice(0, 3)) say(`  ${a.call}: ${a.status} ${a.error ?? ''} after ${a.attempts} attempts`);
    return {
      name: 'idempotent-retry',
      rows: [
        ['keyed callers', String(options.callers), ''],
        ['callers cut by the kill that retried with their key', String(retried.length), '> 0'],
        ['callers answered 200 (after their retries)', `${ok.length}/${options.callers}`, `${options.callers}/${options.callers}`],
        ['distinct runs the callers were answered from', String(answeredRuns.size), String(options.callers)],
        ['runs started (flow history)', String(runIds.length), String(options.callers)],
        ['runs completed', `${completed}/${runIds.length}`, `${runIds.length}/${runIds.length}`],
        ['side effects (receiver calls) / calls repeated', `${receiver.calls.length} / ${repeated}`, `${options.callers} / 0`],
      ],
      passed:
        retried.length > 0 && ok.length === options.callers && answeredRuns.size === options.callers && runIds.length === options.callers &&
        completed === runIds.length && receiver.calls.length === options.callers && repeated === 0,
      summary: `idempotent-retry ${ok.length}/${options.callers} answered, ${retried.length} retried, ${runIds.length} runs, ${receiver.calls.length} side effects`,
    };
  });
}
