/**
 * @module scripts/chaos/noisy-neighbour — the "noisy-neighbour" scenario: one project (A) floods
 * weft with the chaos flow (webhook → wait 1 s → API call to a receiver that takes 1 s →
 * response; its API calls hold worker slots) far past what it may hold, while another project
 * (B) calls its own quick flow (webhook → code → response) one call at a time. B's latency is
 * measured alone first, then during A's flood: fair slots (actors/fair-slots.ts) must keep what
 * A's flood adds to B's p99 within the documented bound (docs/reliability.md, "The bound"), A must be refused
 * with 429 and Retry-After past its share of the server's calls in flight, B never, and the
 * activations waiting for a worker must stay bounded. The loops' own project calls quick code
 * too: once its loops have timed out once they keep to the sandbox's slot of such code, so that
 * project's quick code is answered within the same bound.
 */
import { percentile } from '../bench/stats.ts';
import { callFlow, deployFlow, edge, node, type CallAnswer, type ChaosFlow } from './chaos-flow.ts';
import { sleep, waitingActivations } from './load.ts';
import type { ScenarioResult } from './report.ts';
import { runScript } from './script-process.ts';
import { withChaosFlow } from './setup.ts';

export interface NoisyNeighbourOptions {
  /** how long B's latency is measured alone */
  aloneMs: number;
  /** how long A floods, and at what rate (calls a second) */
  floodMs: number;
  floodRate: number;
  /** A's share of the server's calls in flight (WEFT_MAX_PROJECT_CALLS_IN_FLIGHT) */
  projectCalls: number;
  /** A's endless code loops started a second besides (each runs to the code time limit, 5 s) */
  loopRate: number;
}

/** What another project's flood may add to a quiet project's p99 (docs/reliability.md, "The bound"). */
export const ADDED_P99_BOUND_MS = 500;
const TIMEOUT_MS = 40_000;
/** when the loops' first calls have timed out once (the code time limit, 5 s, and its 1 s grace), from the flood's start */
const LOOPS_KNOWN_MS = 7000;

export async function noisyNeighbour(options: NoisyNeighbourOptions, say: (line: string) => void): Promise<ScenarioResult> {
  const env = { WEFT_WORKER_CONCURRENCY: '4', WEFT_MAX_PROJECT_CALLS_IN_FLIGHT: String(options.projectCalls) };
  return withChaosFlow({ receiverDelayMs: 1000, workers: 2, env }, async ({ cluster, redis, flow: noisy }) => {
    const quiet = await deployFlow(cluster.redisUrl, cluster.prefix, cluster.serverUrl, 'Quiet', {
      name: 'quiet: code then answer',
      nodes: [
        node('webhookTrigger_1', 'webhookTriggerNode', {}),
        node('code_1', 'codeNode', { code: 'return { seen: input.call };' }),
        node('apiResponse_1', 'apiResponseNode', { outputMapping: [{ key: 'seen', value: '{{code_1.output.seen}}' }] }),
      ],
      edges: [edge('e1', 'webhookTrigger_1', 'code_1'), edge('e2', 'code_1', 'apiResponse_1')],
    });
    const loops = await deployFlow(cluster.redisUrl, cluster.prefix, cluster.serverUrl, 'Loops', {
      name: 'noisy: an endless loop',
      nodes: [node('webhookTrigger_1', 'webhookTriggerNode', {}), node('code_1', 'codeNode', { code: 'while (true) {}' })],
      edges: [edge('e1', 'webhookTrigger_1', 'code_1')],
    });
    // the loops' own project calls quick code too: once its loops have timed out once, they keep to the slot of such code
    const ownQuick = await deployFlow(cluster.redisUrl, cluster.prefix, cluster.serverUrl, 'Loops', {
      name: 'noisy: quick code beside the loops',
      nodes: [
        node('webhookTrigger_1', 'webhookTriggerNode', {}),
        node('code_1', 'codeNode', { code: 'return { mine: input.call };' }),
        node('apiResponse_1', 'apiResponseNode', { outputMapping: [{ key: 'mine', value: '{{code_1.output.mine}}' }] }),
      ],
      edges: [edge('e1', 'webhookTrigger_1', 'code_1'), edge('e2', 'code_1', 'apiResponse_1')],
    });
    await callQuietly(ownQuick, Date.now() + 300);
    await callQuietly(quiet, Date.now() + 500); // warm-up: the flow read, the sandbox started
    const alone = await callQuietly(quiet, Date.now() + options.aloneMs);

    const count = Math.round((options.floodRate * options.floodMs) / 1000);
    say(`noisy-neighbour: B alone p99 ${p99(alone).toFixed(0)} ms; now A floods ${options.floodRate}/s for ${options.floodMs / 1000} s (${count} calls)`);
    const flood = runScript('burst.ts', {
      BURST_HOOK: noisy.hook,
      BURST_HEADERS: JSON.stringify(noisy.headers),
      BURST_RATE: String(options.floodRate),
      BURST_COUNT: String(count),
      BURST_TIMEOUT_MS: String(TIMEOUT_MS),
    }, 10) as Promise<CallAnswer[]>;
    const loopCount = Math.round((options.loopRate * options.floodMs) / 1000);
    const looping = runScript('burst.ts', {
      BURST_HOOK: loops.hook,
      BURST_HEADERS: JSON.stringify(loops.headers),
      BURST_RATE: String(options.loopRate),
      BURST_COUNT: String(loopCount),
      BURST_TIMEOUT_MS: String(TIMEOUT_MS),
    }, 10) as Promise<CallAnswer[]>;
    const floodEnds = Date.now() + options.floodMs;
    const depths: number[] = [];
    const sampler = (async () => {
      while (Date.now() < floodEnds) {
        depths.push(await waitingActivations(redis, cluster.prefix));
        await sleep(250);
      }
    })();
    // the callers' process takes a moment to start and to fill A's share: B is measured after it
    await sleep(1500);
    // the loops' project's quick code, from when its first loops have timed out (5 s and the 1 s grace)
    const beside = sleep(LOOPS_KNOWN_MS - 1500).then(() => callQuietly(ownQuick, floodEnds));
    const during = await callQuietly(quiet, floodEnds);
    const ownDuring = await beside;
    await sampler;
    const answers = await flood;
    const loopAnswers = await looping;

    const refused = answers.filter((a) => a.status === 429);
    const withoutRetryAfter = refused.filter((a) => !a.retryAfter).length;
    const failed = answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503)).length;
    const quietRefused = [...alone, ...during].filter((c) => c.status !== 200);
    const added = p99(during) - p99(alone);
    const maxDepth = Math.max(0, ...depths);
    return {
      name: 'noisy-neighbour',
      rows: [
        ['A: calls sent / answered 200 / 202 / refused 429', `${count} / ${status(answers, 200)} / ${status(answers, 202)} / ${refused.length}`, 'some 429'],
        ['A: refusals without Retry-After / no answer or 5xx', `${withoutRetryAfter} / ${failed}`, '0 / 0'],
        ['A: endless code loops started (5 s each) / answered 202', `${loopCount} / ${status(loopAnswers, 202)}`, ''],
        ['B: calls alone / during the flood (one at a time)', `${alone.length} / ${during.length}`, ''],
        ['B: p50 alone / during', `${p50(alone).toFixed(0)} / ${p50(during).toFixed(0)} ms`, ''],
        ['B: p99 alone / during (added)', `${p99(alone).toFixed(0)} / ${p99(during).toFixed(0)} ms (+${added.toFixed(0)} ms)`, `+ ≤ ${ADDED_P99_BOUND_MS} ms`],
        ['B: calls not answered 200', String(quietRefused.length), '0'],
        ['loops\' project: quick code calls once its loops timed out / p99', `${ownDuring.length} / ${p99(ownDuring).toFixed(0)} ms`, `≤ ${ADDED_P99_BOUND_MS} ms`],
        ['activations waiting for a worker (or put back), max', String(maxDepth), `≤ ${4 * options.projectCalls}`],
      ],
      passed:
        refused.length > 0 && withoutRetryAfter === 0 && failed === 0 && quietRefused.length === 0 && added <= ADDED_P99_BOUND_MS && maxDepth <= 4 * options.projectCalls &&
        ownDuring.length > 0 && ownDuring.every((c) => c.status === 200) && p99(ownDuring) <= ADDED_P99_BOUND_MS,
      summary: `noisy-neighbour B p99 ${p99(alone).toFixed(0)} → ${p99(during).toFixed(0)} ms, A ${refused.length}/${count} refused 429, loops' own code p99 ${p99(ownDuring).toFixed(0)} ms`,
    };
  });
}

type Timed = CallAnswer & { ms: number };
const p50 = (calls: Timed[]) => percentile(calls.map((c) => c.ms), 50);
const p99 = (calls: Timed[]) => percentile(calls.map((c) => c.ms), 99);
const status = (answers: CallAnswer[], code: number) => answers.filter((a) => a.status === code).length;

/** B's calls, one at a time, until `until`. */
async function callQuietly(flow: ChaosFlow, until: number): Promise<Timed[]> {
  const calls: Timed[] = [];
  for (let i = 0; Date.now() < until; i++) {
    const sent = performance.now();
    const answer = await callFlow(flow, `quiet-${i}`, TIMEOUT_MS);
    calls.push({ ...answer, ms: performance.now() - sent });
  }
  return calls;
}
