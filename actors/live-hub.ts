/**
 * @module actors/live-hub — one pub/sub connection per process for live run events: listeners
 * share it, channels are subscribed while someone listens. (SSE per-run streams replay from
 * the events stream instead; this is for "as it happens".)
 */
import type Redis from 'ioredis';
import type { RunEvent } from '../contract/run-events.ts';

type Listener = (event: RunEvent) => void;

/**
 * Which of a flow's events a listener wants: one run's steps (a caller waiting on its run: every
 * event of it but its messages and queueings, `edge.message` and `node.queued`, which only the
 * studio's animation draws, and it listens to whole flows), or only the runs' own events
 * (run.started, run.completed, …). An event is parsed only when a listener may want it: the hub
 * reads the run id from its JSON text and looks its listeners up, and looks for the type in the
 * text for the runs-only ones.
 */
export type LiveFilter = { runId: string } | { runEvents: true };

/** how the events a run's listeners do not get begin (the engine's steps write the type first) */
const notForRuns = ['{"type":"edge.message"', '{"type":"node.queued"'];

/** the text a runs-only listener's events hold (events are written without spaces) */
const RUN_EVENTS = '"type":"run.';
const RUN_ID = '"runId":"';

/**
 * The run id of an event's JSON text: its first `"runId":"…"`. Every event names its own run
 * before any output it carries (the Lua steps' node events, their flat tables, progress), and
 * an output's own `runId` (a child run's) comes later.
 */
function runIdOf(json: string): string | undefined {
  const at = json.indexOf(RUN_ID);
  if (at < 0) return undefined;
  const from = at + RUN_ID.length;
  return json.slice(from, json.indexOf('"', from));
}

/** A channel's listeners: those of one run by run id (a waiting caller: found in one lookup, however many wait), the others with their needle. */
interface ChannelListeners {
  byRun: Map<string, Set<Listener>>;
  /** listener → the text an event's JSON must hold for it (none: every event) */
  rest: Map<Listener, string | undefined>;
  size: number;
  /** the channel's SUBSCRIBE, answered: every listener waits for it, not only the first */
  subscribed?: Promise<unknown>;
}

export class LiveHub {
  private readonly channels = new Map<string, ChannelListeners>();

  constructor(private readonly subscriber: Redis) {
    subscriber.on('message', (channel: string, message: string) => {
      const listeners = this.channels.get(channel);
      if (!listeners?.size) return;
      // one message per engine step: a line "<event id> <event JSON>" per event, in order
      for (const line of message.split('\n')) {
        const space = line.indexOf(' ');
        const json = line.slice(space + 1);
        let event: RunEvent | undefined;
        const parsed = () => {
          if (!event) {
            event = JSON.parse(json) as RunEvent;
            event.id = line.slice(0, space);
          }
          return event;
        };
        const runId = listeners.byRun.size && !notForRuns.some((start) => json.startsWith(start)) ? runIdOf(json) : undefined;
        const ofRun = runId === undefined ? undefined : listeners.byRun.get(runId);
        if (ofRun) for (const listener of ofRun) listener(parsed());
        for (const [listener, needle] of listeners.rest) {
          if (needle && !json.includes(needle)) continue;
          listener(parsed());
        }
      }
    });
  }

  /** Call `listener` with the events published on `channel` (those `filter` picks) until the returned function is called. */
  async listen(channel: string, listener: Listener, filter?: LiveFilter): Promise<() => void> {
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = { byRun: new Map(), rest: new Map(), size: 0 };
      this.channels.set(channel, listeners);
    }
    const runId = filter && 'runId' in filter ? filter.runId : undefined;
    if (runId !== undefined) {
      const ofRun = listeners.byRun.get(runId) ?? new Set();
      listeners.byRun.set(runId, ofRun.add(listener));
    } else {
      listeners.rest.set(listener, filter ? RUN_EVENTS : undefined);
    }
    listeners.size++;
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      if (runId !== undefined) {
        const ofRun = listeners.byRun.get(runId);
        ofRun?.delete(listener);
        if (ofRun?.size === 0) listeners.byRun.delete(runId);
      } else listeners.rest.delete(listener);
      listeners.size--;
      if (listeners.size === 0 && this.channels.get(channel) === listeners) {
        this.channels.delete(channel);
        void this.subscriber.unsubscribe(channel).catch(() => {});
      }
    };
    listeners.subscribed ??= this.ready().then(() => this.subscriber.subscribe(channel));
    try {
      await listeners.subscribed;
    } catch (error) {
      // a SUBSCRIBE that failed (Redis away) is sent again by the next listener
      if (listeners.subscribed) listeners.subscribed = undefined;
      stop();
      throw error;
    }
    return stop;
  }

  /**
   * Once the connection is ready. ioredis writes a SUBSCRIBE at once while it is still
   * connecting (Redis takes it while loading), before its ready check: the reply puts the
   * connection in subscriber mode, the check's INFO is then refused ("Connection in subscriber
   * mode"), and the connection's pending commands fail or never resolve (issue #21: the soak's
   * first calls, one per flow at once, on a process whose connection was still connecting).
   */
  private ready(): Promise<void> {
    const { subscriber } = this;
    if (subscriber.status === 'ready') return Promise.resolve();
    return new Promise((ok, fail) => {
      const onReady = () => (subscriber.off('end', onEnd), ok());
      const onEnd = () => (subscriber.off('ready', onReady), fail(new Error('Connection is closed.')));
      subscriber.once('ready', onReady);
      subscriber.once('end', onEnd);
    });
  }

  close(): void {
    this.subscriber.disconnect();
  }
}
