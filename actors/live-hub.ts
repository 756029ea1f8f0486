/**
 * @module actors/live-hub — one pub/sub connection per process for live run events: listeners
 * share it, channels are subscribed while someone listens. (SSE per-run streams replay from
 * the events stream instead; this is for "as it happens".)
 */
import type Redis from 'ioredis';
import type { RunEvent } from './types.ts';

type Listener = (event: RunEvent) => void;

export class LiveHub {
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly subscriber: Redis) {
    subscriber.on('message', (channel: string, message: string) => {
      const listeners = this.listeners.get(channel);
      if (!listeners?.size) return;
      // one message per engine step: a line "<event id> <event JSON>" per event, in order
      for (const line of message.split('\n')) {
        const space = line.indexOf(' ');
        const event = JSON.parse(line.slice(space + 1)) as RunEvent;
        event.id = line.slice(0, space);
        for (const listener of listeners) listener(event);
      }
    });
  }

  /** Call `listener` with every event published on `channel` until the returned function is called. */
  async listen(channel: string, listener: Listener): Promise<() => void> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    if (set.size === 1) await this.subscriber.subscribe(channel);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(channel) === set) {
        this.listeners.delete(channel);
        void this.subscriber.unsubscribe(channel).catch(() => {});
      }
    };
  }

  close(): void {
    this.subscriber.disconnect();
  }
}
