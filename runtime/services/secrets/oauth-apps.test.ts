/** The operators' OAuth apps: encrypted at rest, the studio's before the environment's, re-encrypted by a secret rotation. */
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRUPTED } from './cipher.ts';
import { staticKeyring } from './server-secret.ts';
import { OAuthAppStore, oauthAppsFrom, rotateOAuthApps } from './oauth-apps.ts';

let redis: Redis;
const prefix = `weft-test-apps-${process.pid}-${Date.now()}:`;
const oldSecret = 'the old server secret, 32 chars..';
const newSecret = 'the new server secret, 32 chars..';

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL!);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe('OAuthAppStore', () => {
  it('keeps the client secret encrypted; the studio registration wins over the environment', async () => {
    const env = { WEFT_OAUTH_3_CLIENT_ID: 'env-client', WEFT_OAUTH_3_CLIENT_SECRET: 'env-secret', WEFT_OAUTH_3_SCOPES: 'a b,c' };
    const apps = new OAuthAppStore(redis, prefix, staticKeyring(oldSecret), oauthAppsFrom(env));
    expect(await apps.get(3)).toEqual({ client: { clientId: 'env-client', clientSecret: 'env-secret', scopes: ['a', 'b', 'c'] }, source: 'environment' });
    expect(await apps.get(4)).toBeNull();
    await apps.save(3, { clientId: 'studio-client', clientSecret: 'studio-client-secret-value' });
    expect(await redis.get(`${prefix}marketplace:3`)).not.toContain('studio-client-secret-value');
    expect(await apps.get(3)).toMatchObject({ client: { clientId: 'studio-client', clientSecret: 'studio-client-secret-value', scopes: [] }, source: 'studio' });
    expect(await apps.remove(3)).toBe(true);
    expect((await apps.get(3))?.source).toBe('environment');
  });

  it('a secret rotation re-encrypts the registered apps under the new secret', async () => {
    await new OAuthAppStore(redis, prefix, staticKeyring(oldSecret)).save(11, { clientId: 'teams-client', clientSecret: 'teams-client-secret', scopes: ['User.Read'] });
    await expect(new OAuthAppStore(redis, prefix, staticKeyring(newSecret)).get(11)).rejects.toThrow(CORRUPTED);
    expect(await rotateOAuthApps(redis, prefix, [oldSecret], newSecret)).toEqual([]);
    expect(await new OAuthAppStore(redis, prefix, staticKeyring(newSecret)).get(11)).toMatchObject({ client: { clientId: 'teams-client', clientSecret: 'teams-client-secret', scopes: ['User.Read'] } });
    // a second run finds it done
    const before = await redis.get(`${prefix}marketplace:11`);
    expect(await rotateOAuthApps(redis, prefix, [oldSecret], newSecret)).toEqual([]);
    expect(await redis.get(`${prefix}marketplace:11`)).toBe(before);
  });
});
