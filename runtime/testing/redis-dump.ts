/** @module runtime/testing/redis-dump — every value under a key prefix as text (strings, hashes, lists, sets, zsets, streams), for tests that search Redis for a secret. */
import type Redis from 'ioredis';

export async function redisDump(redis: Redis, prefix: string): Promise<string> {
  const parts: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === 'string') parts.push(key, (await redis.get(key)) ?? '');
      else if (type === 'hash') parts.push(key, JSON.stringify(await redis.hgetall(key)));
      else if (type === 'list') parts.push(key, JSON.stringify(await redis.lrange(key, 0, -1)));
      else if (type === 'set') parts.push(key, JSON.stringify(await redis.smembers(key)));
      else if (type === 'zset') parts.push(key, JSON.stringify(await redis.zrange(key, 0, -1)));
      else if (type === 'stream') parts.push(key, JSON.stringify(await redis.xrange(key, '-', '+')));
    }
    cursor = next;
  } while (cursor !== '0');
  return parts.join('\n');
}
