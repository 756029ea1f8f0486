/** HashBatch against a real Redis: the writes of one turn in few commands, in their order. */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashBatch } from './hash-batch.ts';

let redis: Redis;
let monitorClient: Redis;
const key = `weft-test-${randomUUID()}:batched`;

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL!);
  monitorClient = new Redis(process.env.REDIS_URL!);
});
afterAll(async () => {
  await redis.del(key);
  redis.disconnect();
  monitorClient.disconnect();
});

describe('HashBatch', () => {
  it('sends the sets and deletes of one turn as one command per run of a kind, in their order', async () => {
    const monitor = await monitorClient.monitor();
    const seen: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[]) => args[1] === key && ['hset', 'hdel'].includes(args[0]) && seen.push(args));
    const batch = new HashBatch(redis, key);
    await Promise.all([batch.set('a', '1'), batch.set('b', '2'), batch.set('c', '3'), batch.delete('a'), batch.delete('b'), batch.set('a', '4')]);
    expect(await redis.hgetall(key)).toEqual({ a: '4', c: '3' });
    await new Promise((ok) => setTimeout(ok, 100));
    monitor.disconnect();
    expect(seen).toEqual([
      ['hset', key, 'a', '1', 'b', '2', 'c', '3'],
      ['hdel', key, 'a', 'b'],
      ['hset', key, 'a', '4'],
    ]);
  });

  it('rejects every write of a command Redis refuses', async () => {
    await redis.set(`${key}:string`, 'not a hash');
    const batch = new HashBatch(redis, `${key}:string`);
    const results = await Promise.allSettled([batch.set('a', '1'), batch.set('b', '2')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await redis.del(`${key}:string`);
  });
});
