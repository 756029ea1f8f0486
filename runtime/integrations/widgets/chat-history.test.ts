import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ChatHistoryStore } from './chat-history.ts';

const redis = new Redis(process.env.REDIS_URL!);
const prefix = `weft-test-${randomUUID().slice(0, 8)}:`;
afterAll(() => redis.disconnect());

describe('ChatHistoryStore', () => {
  it('keeps exchanges in order per flow and session, trimmed and expiring', async () => {
    const store = new ChatHistoryStore(redis, { prefix, ttlSeconds: 120, limit: 4 });
    expect(await store.read('flow_1', 's1')).toEqual([]);
    for (let i = 1; i <= 3; i++) {
      await store.append('flow_1', 's1', [
        { role: 'user', content: `q${i}`, ts: i },
        { role: 'assistant', content: `a${i}`, ts: i },
      ]);
    }
    expect((await store.read('flow_1', 's1')).map((m) => m.content)).toEqual(['q2', 'a2', 'q3', 'a3']);
    expect(await store.read('flow_1', 's2')).toEqual([]);
    expect(await store.read('flow_2', 's1')).toEqual([]);
    const ttl = await redis.ttl(store.key('flow_1', 's1'));
    expect(ttl).toBeGreaterThan(100);
    expect(ttl).toBeLessThanOrEqual(120);
    expect(store.key('flow_1', 's1')).toBe(`${prefix}widget:chat:{flow_1}:s1`);
  });
});
