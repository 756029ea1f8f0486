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
}

/** Listen for run `runId`'s result; `replay`: read what already happened from its events stream when the wait begins. */
export async function watchResult(source: ResultSource, runId: string, flowId: string, responseNodes: string[], replay: boolean): Promise<ResultWatch> {
  const responses = new Set(responseNodes);
  let settle: (result: RunResult) => void = () => {};
  const settled = new Promise<RunResult>((ok) => (settle = ok));
  /** the last replayed event's id; none (no replay, as a realtime call's wait): every live event is new */
  let replayedTo: string | undefined;
  const consider = (event: RunEvent) => {
    if (event.runId !== runId || (event.id && replayedTo && !isAfter(event.id, replayedTo))) return;
    if (event.type === 'node.completed' && event.nodeId && responses.has(event.nodeId) && event.iteration == null) {
      settle({ status: 'responded', output: event.output });
    } else if (event.type === 'run.failed') {
      settle({ status: 'failed', error: event.error, errorKind: asErrorKind(event.errorKind), failedNode: event.nodeId });
    } else if (endEvents.has(event.type)) {
      settle({ status: event.type.slice(4) as RunMeta['status'], error: event.error });
    }
  };
  const stop = await source.listenToFlow(flowId, consider, { runId });
  return {
    stop,
    async wait(timeoutMs, giveUp) {
      const timer = setTimeout(() => settle({ status: 'timeout' }), timeoutMs);
      // `giveUp` ends the wait early, as if it had run out (a server shutting down)
      const onGiveUp = () => settle({ status: 'timeout' });
      if (giveUp?.aborted) onGiveUp();
      giveUp?.addEventListener('abort', onGiveUp, { once: true });
      try {
        if (replay) {
          const past = await source.events(runId);
          for (const event of past) consider({ ...event, id: undefined });
          replayedTo = past.at(-1)?.id;
        }
        const result = await settled;
        if (result.status === 'completed' || result.status === 'incomplete') result.output = await source.runOutput(runId);
        return result;
      } finally {
        clearTimeout(timer);
        giveUp?.removeEventListener('abort', onGiveUp);
        stop();
      }
    },
  };
}
