import { createHash, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProjectKey, INVALID_KEY_MESSAGE, MISSING_KEY_MESSAGE, NOT_BEARER_MESSAGE } from '../auth/api-key-check.ts';
import { answerOf, DomainError } from '../domain-errors.ts';
import { ApiKeyStore, LAST_USED_PRECISION_MS, MAX_API_KEYS } from './api-keys.ts';

let redis: Redis;
let store: ApiKeyStore;
const prefix = `weft-test-${randomUUID()}:`;

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL!);
  store = new ApiKeyStore(redis, prefix);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const error = await promise.then(() => null, (e: unknown) => e);
  // stores and auth throw domain errors; the answer the HTTP layer maps them to is what callers see
  expect(error).toBeInstanceOf(DomainError);
  const { status, code, message } = answerOf(error)!;
  return { status, code, message };
}

describe('ApiKeyStore', () => {
  it('shows a new key once and stores only its SHA-256', async () => {
    const created = await store.create('proj_a', 'CI');
    expect(created.key).toMatch(/^wft_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'CI', maskedKey: `wft_••••${created.key.slice(-4)}`, lastUsedAt: null });
    const everything = JSON.stringify(await Promise.all((await redis.keys(`${prefix}*`)).map(async (k) => [k, await dump(k)])));
    expect(everything).not.toContain(created.key);
    expect(everything).not.toContain(created.key.slice(4, -4));
    expect(JSON.parse((await redis.get(`${prefix}apikey:${sha256(created.key)}`))!)).toEqual({ projectId: 'proj_a', id: created.id });
    const listed = await store.list('proj_a');
    expect(listed).toEqual([{ id: created.id, name: 'CI', maskedKey: created.maskedKey, createdAt: created.createdAt, lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
  });

  it('verifies a key of its own project only, and records its last use at most once a minute', async () => {
    const { key, id } = await store.create('proj_b', 'b');
    expect(await store.verify('proj_b', key)).toMatchObject({ id, lastUsedAt: expect.any(Number) });
    expect(await store.verify('proj_other', key)).toBeNull();
    expect(await store.verify('proj_b', `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await store.verify('proj_b', 'not a key')).toBeNull();
    const first = (await store.list('proj_b'))[0].lastUsedAt!;
    await store.verify('proj_b', key);
    expect((await store.list('proj_b'))[0].lastUsedAt).toBe(first);
    // a minute later the next use is written
    const stored = JSON.parse((await redis.hget(`${prefix}project:proj_b:apikeys`, id))!);
    await redis.hset(`${prefix}project:proj_b:apikeys`, id, JSON.stringify({ ...stored, lastUsedAt: first - LAST_USED_PRECISION_MS }));
    await store.verify('proj_b', key);
    expect((await store.list('proj_b'))[0].lastUsedAt).toBeGreaterThanOrEqual(first);
  });

  it('revokes at once, only in the key’s own project', async () => {
    const { key, id } = await store.create('proj_c', 'c');
    expect(await store.revoke('proj_other', id)).toBe(false);
    expect(await store.verify('proj_c', key)).not.toBeNull();
    expect(await store.revoke('proj_c', id)).toBe(true);
    expect(await store.verify('proj_c', key)).toBeNull();
    expect(await store.list('proj_c')).toEqual([]);
    expect(await redis.exists(`${prefix}apikey:${sha256(key)}`)).toBe(0);
    expect(await store.revoke('proj_c', id)).toBe(false);
  });

  it('refuses a key revoked by another server process at once, though this one has used it (and remembers its owner)', async () => {
    const { key, id } = await store.create('proj_g', 'g');
    expect(await store.verify('proj_g', key)).not.toBeNull();
    expect(await store.projectOf(key)).toBe('proj_g');
    const otherProcess = new ApiKeyStore(redis, prefix);
    expect(await otherProcess.revoke('proj_g', id)).toBe(true);
    expect(await store.verify('proj_g', key)).toBeNull();
    expect(await store.projectOf(key)).toBeNull();
  });

  it(`keeps at most ${MAX_API_KEYS} keys a project`, async () => {
    await Promise.all(Array.from({ length: MAX_API_KEYS }, (_, i) => store.create('proj_full', `k${i}`)));
    expect(await refusal(store.create('proj_full', 'one more'))).toMatchObject({ status: 409, code: 'limit_reached' });
  });
});

describe('checkProjectKey', () => {
  it('answers the key for a Bearer header with a live key of the project', async () => {
    const { key, id } = await store.create('proj_d', 'd');
    expect(await checkProjectKey(store, 'proj_d', `Bearer ${key}`)).toMatchObject({ id, name: 'd' });
    expect(await checkProjectKey(store, 'proj_d', `bearer   ${key}  `)).toMatchObject({ id });
  });

  it('refuses a missing, non-Bearer, wrong-project, made-up or revoked key with 401 and a clear message', async () => {
    const { key, id } = await store.create('proj_e', 'e');
    const missing = { status: 401, code: 'unauthorized', message: MISSING_KEY_MESSAGE };
    expect(await refusal(checkProjectKey(store, 'proj_e', undefined))).toEqual(missing);
    expect(await refusal(checkProjectKey(store, 'proj_e', '  '))).toEqual(missing);
    expect(await refusal(checkProjectKey(store, 'proj_e', `Basic ${key}`))).toEqual({ status: 401, code: 'unauthorized', message: NOT_BEARER_MESSAGE });
    expect(await refusal(checkProjectKey(store, 'proj_e', key))).toMatchObject({ message: NOT_BEARER_MESSAGE });
    const invalid = { status: 401, code: 'unauthorized', message: INVALID_KEY_MESSAGE };
    expect(await refusal(checkProjectKey(store, 'proj_other', `Bearer ${key}`))).toEqual(invalid);
    expect(await refusal(checkProjectKey(store, 'proj_e', 'Bearer wft_madeup'))).toEqual(invalid);
    await store.revoke('proj_e', id);
    expect(await refusal(checkProjectKey(store, 'proj_e', `Bearer ${key}`))).toEqual(invalid);
  });
});

async function dump(key: string): Promise<unknown> {
  const type = await redis.type(key);
  if (type === 'hash') return redis.hgetall(key);
  if (type === 'string') return redis.get(key);
  return type;
}
