/**
 * @module scripts/chaos/overload — the "overload" scenario: first the rate the cluster sustains
 * for the chaos flow (webhook → wait 1 s → API call to a receiver that takes 0.5 s → response;
 * two workers of 4 activations each, so an API call holds one of 8 slots), then ten times that
 * rate for a while. Weft must shed what it cannot take with 503/429 and Retry-After (every
 * caller answered, none hanging), keep its activation queue bounded, and the studio must stay
 * responsive: p99 of `GET /api/health` and of a flow read under 100 ms, measured by a probe
 * process of its own throughout. The ten-times callers run in a process of their own at nice 10
 * (burst.ts): they stand for callers elsewhere.
 */
import { percentile } from '../bench/stats.ts';
import { callFlow, type CallAnswer, type ChaosFlow } from './chaos-flow.ts';
import { awaitRuns, sleep, waitingActivations } from './load.ts';
import type { ScenarioResult } from './report.ts';
import { runScript } from './script-process.ts';
import { withChaosFlow } from './setup.ts';

export interface OverloadOptions {
  workers: number;
  /** how long the sustainable rate is measured, with `callers` calling in a loop */
  measureMs: number;
  callers: number;
  /** how long ten times that rate is sent */
  overloadMs: number;
  /** WEFT_MAX_CALLS_IN_FLIGHT of the server; unset: weft's default */
  maxInFlight?: number;
  /** how long after the overload every admitted run must have finished */
  finishWithinMs: number;
}

const TIMEOUT_MS = 40_000;
const STUDIO_P99_MS = 100;

/** a caller's answer and how long it took */
type Answer = CallAnswer & { ms: number };

export async function overload(options: OverloadOptions, say: (line: string) => void): Promise<ScenarioResult> {
  const env: Record<string, string> = { WEFT_WORKER_CONCURRENCY: '4' };
  if (options.maxInFlight) env.WEFT_MAX_CALLS_IN_FLIGHT = String(options.maxInFlight);
  return withChaosFlow({ receiverDelayMs: 500, workers: options.workers, env }, async ({ cluster, redis, flow }) => {
    // the sustainable rate: calls answered 200 a second with `callers` calling in a loop
    const until = Date.now() + options.measureMs;
    let sustained = 0;
    await Promise.all(Array.from({ length: options.callers }, async (_, c) => {
      for (let i = 0; Date.now() < until; i++) if ((await call(flow, `measure-${c}-${i}`)).status === 200) sustained++;
    }));
    const rate = sustained / (options.measureMs / 1000);
    const overloadRate = rate * 10;
    const count = Math.round((overloadRate * options.overloadMs) / 1000);
    say(`overload: sustainable ${rate.toFixed(1)} calls/s; now ${overloadRate.toFixed(0)}/s for ${options.overloadMs / 1000} s (${count} calls)`);

    const idle = await startProbe(cluster.serverUrl, flow, 3000);
    // the callers' process takes a second or two to start: the probe reads until they are surely done
    const probe = startProbe(cluster.serverUrl, flow, options.overloadMs + 4000);
    const depths: number[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        depths.push(await waitingActivations(redis, cluster.prefix));
        await sleep(250);
      }
    })();
    const cpu0 = cluster.cpuMs();
    const cpuAtEnd = sleep(options.overloadMs).then(() => cluster.cpuMs());
    const t0 = Date.now();
    const answers = (await runScript('burst.ts', {
      BURST_HOOK: flow.hook,
      BURST_HEADERS: JSON.stringify(flow.headers),
      BURST_RATE: String(overloadRate),
      BURST_COUNT: String(count),
      BURST_TIMEOUT_MS: String(TIMEOUT_MS),
    }, 10)) as Answer[];
    const cpu = await cpuAtEnd;
    const share = (k: 'server' | 'workers') => `${(((cpu[k] - cpu0[k]) / options.overloadMs) * 100).toFixed(0)} %`;
    sampling = false;
    await sampler;
    const reads = await probe;
    const runIds = answers.flatMap((a) => (a.runId ? [a.runId] : []));
    const ends = [...(await awaitRuns(redis, cluster.prefix, runIds, Date.now() + options.finishWithinMs)).values()];

    const status = (...codes: number[]) => answers.filter((a) => codes.includes(a.status)).length;
    const shed = answers.filter((a) => a.status === 503 || a.status === 429);
    const withoutRetryAfter = shed.filter((a) => !a.retryAfter).length;
    const otherErrors = answers.filter((a) => a.status >= 500 && a.status !== 503).length;
    const noAnswer = answers.filter((a) => a.status === 0);
    const shedMs = shed.map((a) => a.ms);
    const p99 = (path: string, of = reads) => percentile(of[path].filter((ms) => ms >= 0), 99);
    const failedReads = Object.values(reads).flat().filter((ms) => ms < 0).length;
    const [health, flowRead] = [p99('/api/health'), p99(`/api/flows/${flow.flowId}`)];
    const completed = ends.filter((e) => e.status === 'completed').length;
    const maxDepth = Math.max(0, ...depths);
    const depthBound = options.maxInFlight ?? 500;
    return {
      name: 'overload',
      rows: [
        ['sustainable rate (8 activation slots, 1.5 s a run)', `${rate.toFixed(1)} calls/s`, ''],
        ['overload: calls sent', `${count} over ${options.overloadMs / 1000} s (${overloadRate.toFixed(0)}/s, 10×)`, ''],
        ['answered 200 / 202 / 503 / 429', `${status(200)} / ${status(202)} / ${status(503)} / ${status(429)}`, 'some 503/429'],
        ['refusals without Retry-After', String(withoutRetryAfter), '0'],
        ['refusals answered within p50 / p99', shed.length ? `${percentile(shedMs, 50).toFixed(0)} / ${percentile(shedMs, 99).toFixed(0)} ms` : '-', ''],
        ['other 5xx / no answer', `${otherErrors} / ${noAnswer.length}${noAnswer.length ? ` (${noAnswer[0].error})` : ''}`, '0 / 0'],
        ['activations waiting for a worker (or put back), max / at the end', `${maxDepth} / ${depths.at(-1) ?? 0}`, `≤ ${depthBound}`],
        ['admitted runs completed', `${completed}/${runIds.length}`, `${runIds.length}/${runIds.length}`],
        ['CPU of the server / the workers while the calls came (of one core)', `${share('server')} / ${share('workers')}`, ''],
        ['GET /api/health p99 before (idle) / during the overload', `${p99('/api/health', idle).toFixed(0)} / ${health.toFixed(0)} ms (${reads['/api/health'].length} reads)`, `- / < ${STUDIO_P99_MS} ms`],
        ['GET /api/flows/:id p99 before (idle) / during the overload', `${p99(`/api/flows/${flow.flowId}`, idle).toFixed(0)} / ${flowRead.toFixed(0)} ms`, `- / < ${STUDIO_P99_MS} ms`],
        ['studio reads failed', String(failedReads), '0'],
      ],
      passed:
        shed.length > 0 && withoutRetryAfter === 0 && otherErrors === 0 && noAnswer.length === 0 && maxDepth <= depthBound &&
        completed === runIds.length && health < STUDIO_P99_MS && flowRead < STUDIO_P99_MS && failedReads === 0,
      summary: `overload ${shed.length}/${count} shed, queue ≤ ${maxDepth}, studio p99 ${health.toFixed(0)}/${flowRead.toFixed(0)} ms`,
    };
  });
}

async function call(flow: ChaosFlow, n: string): Promise<Answer> {
  const sent = performance.now();
  const answer = await callFlow(flow, n, TIMEOUT_MS);
  return { ...answer, ms: performance.now() - sent };
}

/** The probe process (probe.ts): its readings by path once it is done. */
function startProbe(base: string, flow: ChaosFlow, forMs: number): Promise<Record<string, number[]>> {
  return runScript('probe.ts', {
    PROBE_BASE: base,
    PROBE_HEADERS: JSON.stringify(flow.builder.headers),
    PROBE_PATHS: `/api/health,/api/flows/${flow.flowId}`,
    PROBE_FOR_MS: String(forMs),
  }) as Promise<Record<string, number[]>>;
}
