/**
 * @module runtime/services/stores/slot-transactions — the stores' MULTI and pipelines on a Redis Cluster.
 * A store writes an entity and its indexes together (a user and its email's key, a project and
 * its organisation's set): keys of different hash slots, which a cluster refuses in one MULTI.
 * On a cluster the stores' client answers `multi()` and `pipeline()` with a recorder that, on
 * `exec()`, sends one MULTI (or pipeline) per slot, in the order the slots first came, and
 * answers the replies in the order the commands were given: each slot's part stays atomic, the
 * whole is not (a crash between two slots' parts can leave an index without its entity or the
 * reverse, which the stores already tolerate: they read the entity and skip what is missing).
 * A command's slot is its first argument's (every key-first command the stores send). Only the
 * stores' connection gets this (runtime/server.ts): BullMQ's connections send scripts whose
 * first argument is not a key.
 */
import type Redis from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { keySlot } from '../../../actors/key-slot.ts';
import { connectRedis, isCluster } from '../../../actors/redis-connection.ts';

type Reply = [Error | null, unknown];
interface Recorded {
  name: string;
  args: unknown[];
}

/** A connection for the stores to `url` (a single server or a cluster): `connectRedis` with slot-splitting transactions. */
export function connectStores(url: string, options: RedisOptions = {}): Redis {
  return withSlotTransactions(connectRedis(url, options));
}

/** `redis` itself on a single server; on a cluster, the same client with slot-splitting `multi()` and `pipeline()`. */
export function withSlotTransactions(redis: Redis): Redis {
  if (!isCluster(redis)) return redis;
  const client = redis as unknown as Record<'multi' | 'pipeline', (...args: unknown[]) => unknown>;
  for (const kind of ['multi', 'pipeline'] as const) {
    const original = client[kind].bind(client);
    client[kind] = (...args: unknown[]) => (args.length ? original(...args) : recorder(() => original() as Batch));
  }
  return redis;
}

interface Batch {
  exec(): Promise<Reply[] | null>;
  [command: string]: unknown;
}

function recorder(open: () => Batch): unknown {
  const calls: Recorded[] = [];
  const proxy: unknown = new Proxy(
    {},
    {
      get(_target, prop) {
        if (prop === 'exec') return () => execBySlot(calls, open);
        if (prop === 'length') return calls.length;
        if (typeof prop !== 'string' || prop === 'then') return undefined;
        return (...args: unknown[]) => {
          calls.push({ name: prop, args });
          return proxy;
        };
      },
    },
  );
  return proxy;
}

async function execBySlot(calls: Recorded[], open: () => Batch): Promise<Reply[] | null> {
  const bySlot = new Map<number, number[]>();
  calls.forEach((call, index) => {
    const slot = keySlot(String(Array.isArray(call.args[0]) ? call.args[0][0] : call.args[0]));
    const indexes = bySlot.get(slot);
    if (indexes) indexes.push(index);
    else bySlot.set(slot, [index]);
  });
  const replies: Reply[] = new Array(calls.length);
  for (const indexes of bySlot.values()) {
    const batch = open();
    for (const i of indexes) (batch[calls[i].name] as (...args: unknown[]) => unknown).apply(batch, calls[i].args);
    const answered = await batch.exec();
    // a MULTI aborted by a WATCH answers null: so does the whole
    if (!answered) return null;
    indexes.forEach((i, k) => (replies[i] = answered[k]));
  }
  return replies;
}
