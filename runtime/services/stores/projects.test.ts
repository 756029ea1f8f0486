import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectStore, slugify } from './projects.ts';

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

describe('slugify', () => {
  it.each([
    ['Customer Support', 'customer-support'],
    ['  Café Déjà Vu!  ', 'cafe-deja-vu'],
    ['a/b\\c..d', 'a-b-c-d'],
    ['日本語', 'project'],
    [`${'x'.repeat(47)} tail`, 'x'.repeat(47)],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('ProjectStore', () => {
  it('creates projects under the documented keys and lists them', async () => {
    const store = new ProjectStore(redis, prefix);
    const first = await store.create('Support Bots', 'org_test');
    const second = await store.create('Search', 'org_test');
    expect(first).toMatchObject({ name: 'Support Bots', slug: expect.stringMatching(/^support-bots-[0-9a-f]{6}$/) });
    expect(first.id).toMatch(/^proj_[0-9a-f]{16}$/);
    expect(JSON.parse((await redis.get(`${prefix}project:${first.id}`))!)).toEqual(first);
    // Scored by creation time; two made in the same millisecond may list either way round.
    expect((await redis.zrange(`${prefix}projects`, 0, -1)).sort()).toEqual([first.id, second.id].sort());
    expect(await store.get(second.id)).toEqual(second);
    expect(await store.list()).toHaveLength(2);
    expect(await store.list()).toEqual(expect.arrayContaining([first, second]));
    expect(await store.get('proj_missing')).toBeNull();
  });

  it('gives two projects of the same name different slugs', async () => {
    const store = new ProjectStore(redis, prefix);
    const [a, b] = await Promise.all([store.create('Same', 'org_test'), store.create('Same', 'org_test')]);
    expect(a.slug).not.toBe(b.slug);
  });
});
