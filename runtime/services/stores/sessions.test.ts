import { createHash, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_SECONDS, SessionStore } from './sessions.ts';

let redis: Redis;
const prefix = `weft-test-${randomUUID()}:`;
const keyOf = (id: string) => `${prefix}session:${createHash('sha256').update(id).digest('hex')}`;

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL!);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe('SessionStore', () => {
  it('keeps a session under the hash of its id with a 7-day TTL and its own CSRF token', async () => {
    const store = new SessionStore(redis, prefix);
    const [one, two] = await Promise.all([store.create('user_1'), store.create('user_1')]);
    expect(one.id).toMatch(/^[\w-]{43}$/);
    expect(one.id).not.toBe(two.id);
    expect(one.csrfToken).not.toBe(two.csrfToken);
    expect(await redis.hgetall(keyOf(one.id))).toEqual({ userId: 'user_1', csrfToken: one.csrfToken, createdAt: String(one.createdAt), renewedAt: String(one.renewedAt) });
    expect(await redis.ttl(keyOf(one.id))).toBeGreaterThan(SESSION_TTL_SECONDS - 5);
    expect(await store.get(one.id)).toMatchObject({ userId: 'user_1', csrfToken: one.csrfToken, renewed: false });
  });

  it('renews the TTL of a session used an hour or more after its last renewal', async () => {
    const store = new SessionStore(redis, prefix);
    const session = await store.create('user_2');
    await redis.hset(keyOf(session.id), 'renewedAt', Date.now() - 2 * 3600_000);
    await redis.expire(keyOf(session.id), 100);
    const used = await store.get(session.id);
    expect(used?.renewed).toBe(true);
    expect(await redis.ttl(keyOf(session.id))).toBeGreaterThan(SESSION_TTL_SECONDS - 5);
    expect((await store.get(session.id))?.renewed).toBe(false);
  });

  it("lists a user's sessions, so all but one can be ended", async () => {
    const store = new SessionStore(redis, prefix);
    const [a, b, c] = await Promise.all([store.create('user_4'), store.create('user_4'), store.create('user_4')]);
    const other = await store.create('user_5');
    expect((await redis.smembers(`${prefix}user:user_4:sessions`)).sort()).toEqual([a, b, c].map((s) => createHash('sha256').update(s.id).digest('hex')).sort());
    await store.delete(c.id);
    expect(await redis.scard(`${prefix}user:user_4:sessions`)).toBe(2);
    expect(await store.deleteAllOf('user_4', a.id)).toBe(1);
    expect(await store.get(a.id)).not.toBeNull();
    expect(await store.get(b.id)).toBeNull();
    expect(await store.get(other.id)).not.toBeNull();
    expect(await store.deleteAllOf('user_4')).toBe(1);
    expect(await store.get(a.id)).toBeNull();
  });

  it('answers null for unknown, malformed, expired and deleted sessions', async () => {
    const store = new SessionStore(redis, prefix, 1);
    const session = await store.create('user_3');
    expect(await store.get('x'.repeat(43))).toBeNull();
    expect(await store.get('not a session id')).toBeNull();
    await store.delete(session.id);
    expect(await store.get(session.id)).toBeNull();
    const short = await store.create('user_3');
    await new Promise((done) => setTimeout(done, 1100));
    expect(await store.get(short.id)).toBeNull();
  });
});
