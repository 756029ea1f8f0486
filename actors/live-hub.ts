/**
 * @module actors/live-hub — one pub/sub connection per process for live run events: listeners
 * share it, channels are subscribed while someone listens. (SSE per-run streams replay from
 * the events stream instead; this is for "as it happens".)
 */
import type Redis from 'ioredis';
import type { RunEvent } from '../contract/run-events.ts';

type Listener = (event: RunEvent) => void;

/**
 * Which of a flow's events a listener wants: one run's (a caller waiting on its run), or only
 * the runs' own events (run.started, run.completed, …). An event is parsed only when a listener
 * may want it: the hub first looks for the run id or the type in its JSON text (events are
 * written without spaces), and the listener still sees every event that text matches.
 */
export type LiveFilter = { runId: string } | { runEvents: true };

const needleOf = (filter?: LiveFilter): string | undefined =>
  !filter ? undefined : 'runId' in filter ? `"runId":${JSON.stringify(filter.runId)}` : '"type":"run.';

export class LiveHub {
  /** channel → listener → the text an event's JSON must hold for it (none: every event) */
  private readonly listeners = new Map<string, Map<Listener, string | undefined>>();
  /**
   * channel → its SUBSCRIBE, until Redis confirms it. Every listener of the channel waits for it,
   * not only the first: a caller that reads a run's past events as soon as it listens would
   * otherwise miss what happens between that read and the subscription taking effect.
   */
  private readonly subscribed = new Map<Map<Listener, string | undefined>, Promise<unknown>>();

  constructor(private readonly subscriber: Redis) {
    subscriber.on('message', (channel: string, message: string) => {
      const listeners = this.listeners.get(channel);
      if (!listeners?.size) return;
      // one message per engine step: a line "<event id> <event JSON>" per event, in order
      for (const line of message.split('\n')) {
        const space = line.indexOf(' ');
        const json = line.slice(space + 1);
        let event: RunEvent | undefined;
        for (const [listener, needle] of listeners) {
          if (needle && !json.includes(needle)) continue;
          if (!event) {
            event = JSON.parse(json) as RunEvent;
            event.id = line.slice(0, space);
          }
          listener(event);
        }
      }
    });
  }

  /** Call `listener` with the events published on `channel` (those `filter` picks) until the returned function is called. */
  async listen(channel: string, listener: Listener, filter?: LiveFilter): Promise<() => void> {
    let listeners = this.listeners.get(channel);
    if (!listeners) {
      listeners = new Map();
      this.listeners.set(channel, listeners);
    }
    listeners.set(listener, needleOf(filter));
    let subscribed = this.subscribed.get(listeners);
    if (!subscribed) this.subscribed.set(listeners, (subscribed = this.subscriber.subscribe(channel)));
    try {
      await subscribed;
    } catch (error) {
      // not listening after all (Redis unreachable): the next listener subscribes afresh
      if (this.subscribed.get(listeners) === subscribed) this.subscribed.delete(listeners);
      listeners.delete(listener);
      if (listeners.size === 0 && this.listeners.get(channel) === listeners) this.listeners.delete(channel);
      throw error;
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.listeners.get(channel) === listeners) {
        this.listeners.delete(channel);
        this.subscribed.delete(listeners);
        void this.subscriber.unsubscribe(channel).catch(() => {});
      }
    };
  }

  close(): void {
    this.subscriber.disconnect();
  }
}
