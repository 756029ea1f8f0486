import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationStore } from '../runtime/services/stores/organisations.ts';
import { ProjectStore } from '../runtime/services/stores/projects.ts';
import { parseArgs, runOrganisations } from './organisations.ts';

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

describe('npm run organisations', () => {
  it('parses a listing, a plan change and refuses anything else', () => {
    expect(parseArgs([], {})).toEqual({ prefix: 'weft:' });
    expect(parseArgs(['plan', 'acme-1a2b3c', 'pro', '--prefix', 'x:'], {})).toEqual({ prefix: 'x:', change: { organisation: 'acme-1a2b3c', plan: 'pro' } });
    expect(() => parseArgs(['plan', 'acme'], {})).toThrow('usage: npm run organisations');
    expect(() => parseArgs(['plan', 'acme', 'Pro Plan'], {})).toThrow("A plan name is lower-case letters, digits and dashes (got 'Pro Plan')");
  });

  it('lists organisations with plan, members and projects, and moves one to another plan by slug or id', async () => {
    const store = new OrganisationStore(redis, prefix);
    const acme = await store.create('Acme', 'user_1');
    await store.setMember(acme.id, 'user_2', 'member');
    await new ProjectStore(redis, prefix).create('Bots', acme.id);
    const lines: string[] = [];
    await runOrganisations(redis, { prefix }, (t) => lines.push(t));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${acme.id}  ${acme.slug} +starter +2 members +1 projects  Acme$`));
    await runOrganisations(redis, { prefix, change: { organisation: acme.slug, plan: 'pro' } }, (t) => lines.push(t));
    expect(lines[1]).toBe(`Acme (${acme.id}): plan starter → pro`);
    expect((await store.get(acme.id))?.plan).toBe('pro');
    await runOrganisations(redis, { prefix, change: { organisation: acme.id, plan: 'starter' } }, () => {});
    expect((await store.get(acme.id))?.plan).toBe('starter');
    await expect(runOrganisations(redis, { prefix, change: { organisation: 'nope', plan: 'pro' } }, () => {})).rejects.toThrow("No organisation 'nope'");
  });
});
