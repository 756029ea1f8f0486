/**
 * @module actors/redis-outage — whether this process reaches Redis, told by its ioredis clients'
 * events: a client whose connection fails ('error') is down until it is 'ready' again (or ends).
 * Every client of the process is watched here, so an outage prints one line when it starts and
 * one when it ends — not ioredis's "Unhandled error event" per client and reconnection attempt —
 * and the HTTP routes answer 503 'unavailable' with Retry-After while it lasts.
 */
import type Redis from 'ioredis';

/** what a client answers while Redis is unreachable, and the seconds it is told to wait */
export const UNAVAILABLE_MESSAGE = 'Redis is unreachable: weft can neither read nor store anything until it is back; retry in a few seconds';
export const RETRY_AFTER_SECONDS = 5;

const connectionCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** an error of a Redis command or connection that says Redis cannot be reached (not a command's own failure) */
export function isRedisUnreachable(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && connectionCodes.has(e.code)) return true;
  if (e.name === 'MaxRetriesPerRequestError' || e.name === 'ClusterAllFailedError') return true;
  if (typeof e.message !== 'string') return false;
  // a cluster client's: no master answers (its slots could not be learnt), or every retry failed
  if (e.message.startsWith('Failed to refresh slots cache') || e.message === 'None of startup nodes is available') return true;
  return e.message === 'Connection is closed.' || e.message.startsWith('Stream isn\'t writeable') || e.message.startsWith('Cluster isn\'t ready');
}

class RedisOutage {
  private readonly failing = new Set<Redis>();
  private readonly reachable = new Set<() => void>();
  private since = 0;

  /** true while any client of this process cannot reach Redis */
  get down(): boolean {
    return this.failing.size > 0;
  }

  /** Call `listener` each time an outage ends (every client reaches Redis again); returns the unsubscribe. */
  onReachable(listener: () => void): () => void {
    this.reachable.add(listener);
    return () => void this.reachable.delete(listener);
  }

  /** Watch `client` (and give it the 'error' listener ioredis wants); returns it. */
  watch(client: Redis): Redis {
    client.on('error', (error: Error) => this.failed(client, error));
    client.on('ready', () => this.recovered(client));
    client.on('end', () => this.recovered(client));
    return client;
  }

  private failed(client: Redis, error: Error): void {
    if (!isRedisUnreachable(error)) return void console.error('[weft] Redis:', error.message);
    if (this.failing.has(client)) return;
    if (this.failing.size === 0) {
      this.since = Date.now();
      console.error(`[weft] Redis unreachable (${error.message}): answering 503 until it is back`);
    }
    this.failing.add(client);
  }

  private recovered(client: Redis): void {
    if (!this.failing.delete(client) || this.failing.size > 0) return;
    console.error(`[weft] Redis reachable again after ${((Date.now() - this.since) / 1000).toFixed(1)} s`);
    for (const listener of this.reachable) listener();
  }
}

/** the one outage state of this process */
export const redisOutage = new RedisOutage();
