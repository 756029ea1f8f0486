/**
 * @module actors/run-told — a run as its events tell it, for a listener that saw every one of
 * them, from `run.started` to its end: what the run's snapshot would say of how it ended and
 * which actors ran, with no read of Redis. A realtime call's wait (run-result.ts) hears every
 * event of its run, so the call's log record (runtime/services/logs/run-logger.ts) takes it from there.
 */
import { asErrorKind, type ErrorKind } from '../contract/errors.ts';
import type { RunEvent } from '../contract/run-events.ts';
import type { RunMeta } from '../contract/runs.ts';
import { endEvents } from './run-reader.ts';

/** How a run ended, and the actors that completed or failed, in the order they started. */
export interface RunTold {
  status: RunMeta['status'];
  finishedAt: number;
  error?: string;
  errorKind?: ErrorKind;
  failedNode?: string;
  ran: { nodeId: string; output: unknown }[];
}

interface ActorTold {
  nodeId: string;
  startedAt?: number;
  state?: 'completed' | 'failed';
  output?: unknown;
}

export class RunTelling {
  private sawStart = false;
  private end?: Omit<RunTold, 'ran'>;
  private readonly actors = new Map<string, ActorTold>();

  /** Take one of the run's events, in order. */
  add(event: RunEvent): void {
    if (event.type === 'run.started') this.sawStart = true;
    else if (endEvents.has(event.type)) {
      this.end = {
        status: event.type.slice(4) as RunMeta['status'],
        finishedAt: event.ts,
        // only run.failed carries an error
        ...(event.type === 'run.failed' ? { ...(event.error ? { error: event.error } : {}), errorKind: asErrorKind(event.errorKind), failedNode: event.nodeId } : {}),
      };
    } else if ((event.type === 'node.started' || event.type === 'node.completed' || event.type === 'node.failed') && event.nodeId) {
      const key = event.iteration == null ? event.nodeId : `${event.nodeId}#${event.iteration}`;
      let actor = this.actors.get(key);
      if (!actor) this.actors.set(key, (actor = { nodeId: event.nodeId }));
      if (event.type === 'node.started') actor.startedAt = event.ts;
      else if (event.type === 'node.completed') Object.assign(actor, { state: 'completed', output: event.output });
      else actor.state = 'failed';
    }
  }

  /** The run, once its start and its end were both heard; else undefined (read its snapshot). */
  told(): RunTold | undefined {
    if (!this.sawStart || !this.end) return undefined;
    const ran = [...this.actors.values()].filter((actor) => actor.state).sort((a, b) => (a.startedAt ?? 0) - (b.startedAt ?? 0));
    return { ...this.end, ran: ran.map(({ nodeId, output }) => ({ nodeId, output })) };
  }
}
