/**
 * @module actors/run-result — what a realtime caller waits for: the first response node's
 * output the moment it exists (its `node.completed` event), else the run's end, from the flow's
 * live channel. A run already going on is listened to first, then replayed from its events
 * stream; a run not started yet (its id chosen first) needs no replay.
 */
import { asErrorKind, type ErrorKind } from '../contract/errors.ts';
import type { RunEvent } from '../contract/run-events.ts';
import type { RunMeta } from '../contract/runs.ts';
import type { LiveFilter } from './live-hub.ts';
import { endEvents, isAfter } from './run-reader.ts';
import { RunTelling, type RunTold } from './run-told.ts';

export interface RunResult {
  status: RunMeta['status'] | 'responded' | 'timeout';
  output?: unknown;
  error?: string;
  /** a failed run: whose fault its error is, and the node it failed at */
  errorKind?: ErrorKind;
  failedNode?: string;
}

/** What waiting needs of the engine. */
export interface ResultSource {
  listenToFlow(flowId: string, listener: (event: RunEvent) => void, filter?: LiveFilter): Promise<() => void>;
  events(runId: string): Promise<RunEvent[]>;
  runOutput(runId: string): Promise<unknown>;
}

/** A listener set up for one run's result: `wait` settles it (at most `timeoutMs`, or when `giveUp` aborts: 'timeout'). */
export interface ResultWatch {
  wait(timeoutMs: number, giveUp?: AbortSignal): Promise<RunResult>;
  /** stop listening without waiting (the run never started) */
  stop(): void;
  /** after the wait: the run from its start to its end, when the wait heard both (actors/run-told.ts) */
  told(): RunTold | undefined;
}

/**
 * How long a caller waits for Redis to confirm its listening before its run starts anyway: a
 * subscriber connection that has stopped answering must not hold the call (nor any later one)
 * past its wait. Its run's events are then read back from the events stream once the
 * listening is confirmed, so nothing is missed if it comes late.
 */
export const CONFIRM_MS = 2000;

const EXPIRED = Symbol('expired');

/**
 * Listen for run `runId`'s result; `replay`: read what already happened from its events stream
 * when the wait begins. Resolves once listening, or after `confirmMs` without confirmation
 * (the wait then reads the events back once it comes); never waits longer.
 */
export async function watchResult(
  source: ResultSource, runId: string, flowId: string, responseNodes: string[], replay: boolean, confirmMs = CONFIRM_MS,
): Promise<ResultWatch> {
  const responses = new Set(responseNodes);
  let settle: (result: RunResult) => void = () => {};
  const settled = new Promise<RunResult>((ok) => (settle = ok));
  /** the last replayed event's id; none (no replay, as a realtime call's wait): every live event is new */
  let replayedTo: string | undefined;
  const telling = new RunTelling();
  const consider = (event: RunEvent) => {
    if (event.runId !== runId || (event.id && replayedTo && !isAfter(event.id, replayedTo))) return;
    telling.add(event);
    if (event.type === 'node.completed' && event.nodeId && responses.has(event.nodeId) && event.iteration == null) {
      settle({ status: 'responded', output: event.output });
    } else if (event.type === 'run.failed') {
      settle({ status: 'failed', error: event.error, errorKind: asErrorKind(event.errorKind), failedNode: event.nodeId });
    } else if (endEvents.has(event.type)) {
      // completed, cancelled, incomplete: no error (run.failed's is above)
      settle({ status: event.type.slice(4) as RunMeta['status'] });
    }
  };
  const listening = source.listenToFlow(flowId, consider, { runId });
  let confirmTimer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof EXPIRED>((ok) => (confirmTimer = setTimeout(ok, confirmMs, EXPIRED)));
  // a listening that fails in time throws here; one that fails later ends no wait but by its timeout
  const confirmed = await Promise.race([listening, late]).finally(() => clearTimeout(confirmTimer));
  if (confirmed === EXPIRED) console.warn(`[weft] listening to flow ${flowId} not confirmed by Redis in ${confirmMs} ms: run ${runId} starts anyway, its events read back once it is`);
  const readBack = replay || confirmed === EXPIRED;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    listening.then((stopListening) => stopListening(), () => {});
  };
  return {
    stop,
    // the events of the step that answered were all heard with it (one message, taken in one go)
    told: () => telling.told(),
    async wait(timeoutMs, giveUp) {
      // the wait's one bound: every step below (the listening's confirmation, the read back, the
      // output's read) ends with it, so no caller waits past its timeout, whatever hangs
      let expire: () => void = () => {};
      const expired = new Promise<typeof EXPIRED>((ok) => (expire = () => ok(EXPIRED)));
      void expired.then(() => settle({ status: 'timeout' }));
      const timer = setTimeout(expire, timeoutMs);
      // `giveUp` ends the wait early, as if it had run out (a server shutting down)
      if (giveUp?.aborted) expire();
      giveUp?.addEventListener('abort', expire, { once: true });
      const within = <T>(step: Promise<T>) => Promise.race([step, expired]);
      try {
        if (readBack && (await within(listening.then(() => true, () => false))) === true) {
          const past = await within(source.events(runId));
          if (past !== EXPIRED) {
            for (const event of past) consider({ ...event, id: undefined });
            replayedTo = past.at(-1)?.id;
          }
        }
        const result = await settled;
        if (result.status === 'completed' || result.status === 'incomplete') {
          const output = await within(source.runOutput(runId));
          if (output === EXPIRED) return { status: 'timeout' };
          result.output = output;
        }
        return result;
      } finally {
        clearTimeout(timer);
        giveUp?.removeEventListener('abort', expire);
        stop();
      }
    },
  };
}
