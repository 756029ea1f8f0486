import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password.ts';
import { ConflictError } from '../domain-errors.ts';
import { UserStore } from './users.ts';

let redis: Redis;
const prefix = `weft-test-${randomUUID()}:`;

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL!);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe('UserStore', () => {
  it('keeps users under the documented keys, one user an email however it is written', async () => {
    const store = new UserStore(redis, prefix);
    const user = await store.create({ email: ' Ada@Example.TEST ', name: 'Ada', password: 'first-password' });
    expect(user).toEqual({ id: expect.stringMatching(/^user_[0-9a-f]{16}$/), email: 'ada@example.test', name: 'Ada', createdAt: expect.any(Number) });
    expect(await redis.get(`${prefix}user-email:ada@example.test`)).toBe(user.id);
    expect(await redis.zrange(`${prefix}users`, 0, -1)).toEqual([user.id]);
    expect(await store.get(user.id)).toEqual(user);
    expect((await store.byEmail('ADA@example.test'))?.id).toBe(user.id);
    const results = await Promise.allSettled([
      store.create({ email: 'ada@example.test', name: 'Other Ada', password: 'other-password' }),
      store.create({ email: 'ADA@EXAMPLE.TEST', name: 'Third Ada', password: 'other-password' }),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict', message: 'A user with the email ada@example.test exists already' });
    }
    expect(await redis.zcard(`${prefix}users`)).toBe(1);
  });

  it('changes a password', async () => {
    const store = new UserStore(redis, prefix);
    const user = await store.create({ email: 'bob@example.test', name: 'Bob', password: 'first-password' });
    await store.setPassword(user.id, 'second-password');
    const stored = await store.getStored(user.id);
    expect(await verifyPassword('second-password', stored!.passwordHash)).toBe(true);
    expect(await verifyPassword('first-password', stored!.passwordHash)).toBe(false);
  });
});
