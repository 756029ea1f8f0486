/**
 * @module runtime/services/stores/tracked-reads — values that Redis itself says are stale: server-assisted
 * client-side caching (CLIENT TRACKING, in its RESP2 mode: REDIRECT to a connection subscribed to
 * `__redis__:invalidate`). A value read through `read` is kept in this process until Redis
 * reports a write to its key, the key's expiry or a flush. Used for what every production call
 * reads and hardly ever changes: flow documents, organisations (their plans) and API keys.
 *
 * - What is kept is exact, not a guess with a lifetime: Redis sends the invalidation as it runs
 *   the write, before its writer hears back. A process's own writes `forget` at once.
 * - While either connection is down nothing is kept and everything kept is dropped (an
 *   invalidation may be lost); a read that overlaps any invalidation is not kept.
 * - Two connections more a Redis client that reads through it, made at the first read and named
 *   '<client's name or weft>:tracked-reads' and '…-listener'.
 * - On Redis Cluster (tracking is per shard) every read goes to Redis.
 */
import type Redis from 'ioredis';
import { isCluster } from '../../../actors/redis-connection.ts';
import { BoundedMap } from './bounded-map.ts';

const CHANNEL = '__redis__:invalidate';

export interface TrackedReads {
  /**
   * The value of `field` of Redis key `key` (a whole value: ''), as `fetch` reads it from the
   * connection it is given, kept until Redis says the key changed. The value is shared by every
   * caller until then: callers only read it.
   */
  read<T>(key: string, field: string, fetch: (redis: Redis) => Promise<T>): Promise<T>;
  /** this process wrote `key`: what is kept of it goes at once (Redis's word follows) */
  forget(key: string): void;
}

const readers = new WeakMap<Redis, TrackedReads>();

/** The tracked reads of `redis`: one per client, closed when it ends; reads straight through on a cluster. */
export function trackedReads(redis: Redis): TrackedReads {
  let reads = readers.get(redis);
  if (!reads) {
    reads = isCluster(redis) ? { read: (_key, _field, fetch) => fetch(redis), forget() {} } : new Tracking(redis);
    readers.set(redis, reads);
  }
  return reads;
}

class Tracking implements TrackedReads {
  /** Redis key → field → value */
  private readonly kept = new BoundedMap<string, Map<string, unknown>>(10_000);
  /** bumped by every invalidation, forget and lost connection: a read that saw it change keeps nothing */
  private generation = 0;
  /** tracking is on and its invalidations are heard */
  private tracking = false;
  /** connections lost so far: a set-up that saw one happen does not turn tracking on */
  private losses = 0;
  private connections?: { reader: Redis; listener: Redis };
  /** the listener's client id while it is subscribed */
  private listenerId?: number;
  /** set-ups run one after the other */
  private setUp: Promise<void> = Promise.resolve();

  constructor(private readonly redis: Redis) {}

  async read<T>(key: string, field: string, fetch: (redis: Redis) => Promise<T>): Promise<T> {
    const known = this.kept.get(key);
    if (known?.has(field)) return known.get(field) as T;
    if (this.redis.status === 'end') return fetch(this.redis); // closed: nothing to set up (the read fails as it would)
    const { reader } = this.connections ?? this.connect();
    if (!this.tracking) return fetch(this.redis);
    const generation = this.generation;
    const value = await fetch(reader);
    if (this.tracking && generation === this.generation) {
      const fields = this.kept.get(key) ?? new Map<string, unknown>();
      this.kept.set(key, fields.set(field, value));
    }
    return value;
  }

  forget(key: string): void {
    this.generation++;
    this.kept.delete(key);
  }

  private connect(): { reader: Redis; listener: Redis } {
    // named for CLIENT LIST: the main client's name (default 'weft') and what each is for
    const name = `${this.redis.options.connectionName || 'weft'}:tracked-reads`;
    const reader = this.redis.duplicate({ connectionName: name });
    // subscribed again by track() after its CLIENT ID, which a subscribed connection cannot ask
    const listener = this.redis.duplicate({ connectionName: `${name}-listener`, autoResubscribe: false });
    this.connections = { reader, listener };
    for (const connection of [reader, listener]) {
      connection.on('error', () => {}); // the main client reports Redis's troubles
      connection.on('close', () => this.lose(connection === listener));
      connection.on('ready', () => (this.setUp = this.setUp.then(() => this.track())));
    }
    listener.on('messageBuffer', (channel: Buffer, keys: Buffer[] | null) => {
      if (channel.toString() !== CHANNEL) return;
      this.generation++;
      if (keys === null) this.kept.clear(); // a flush
      else for (const key of keys) this.kept.delete(key.toString());
    });
    this.redis.once('end', () => {
      this.lose(true);
      reader.disconnect();
      listener.disconnect();
    });
    return this.connections;
  }

  private lose(listener: boolean): void {
    this.tracking = false;
    this.losses++;
    this.generation++;
    this.kept.clear();
    if (listener) this.listenerId = undefined;
  }

  /** once both connections are up: the listener subscribed, then the reader tracked, its invalidations sent to the listener */
  private async track(): Promise<void> {
    const { reader, listener } = this.connections!;
    if (this.tracking || reader.status !== 'ready' || listener.status !== 'ready') return;
    const losses = this.losses;
    try {
      if (this.listenerId === undefined) {
        const id = (await listener.client('ID')) as number;
        await listener.subscribe(CHANNEL);
        this.listenerId = id;
      }
      await reader.client('TRACKING', 'OFF');
      await reader.client('TRACKING', 'ON', 'REDIRECT', String(this.listenerId));
      if (losses === this.losses) this.tracking = true;
    } catch {
      // a connection went down meanwhile: its next 'ready' sets up again
    }
  }
}
