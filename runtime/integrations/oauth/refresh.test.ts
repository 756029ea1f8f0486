/**
 * `ctx.credentials.get` answers a fresh access token: an OAuth credential within a minute of
 * its expiry is refreshed at the provider's token endpoint (a loopback server speaking
 * Google's, Microsoft's and Slack's), stored encrypted, once however many read it at the same time.
 */
import Redis from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serviceUrlsFrom } from '../../../catalogue/service-urls.ts';
import { AllowList } from '../../services/outbound/address-policy.ts';
import { Outbound } from '../../services/outbound/client.ts';
import { credentialAccess } from '../../services/secrets/credential-access.ts';
import { staticKeyring } from '../../services/secrets/server-secret.ts';
import { CredentialStore } from '../../services/stores/credentials.ts';
import { freshTokens } from './refresh.ts';
import { startLoopbackProvider, type LoopbackProvider } from './testing/loopback-provider.ts';
import { tokenCall } from './token-call.ts';

let provider: LoopbackProvider;
let redis: Redis;
let store: CredentialStore;
let access: ReturnType<typeof credentialAccess>;
const prefix = `weft-test-refresh-${process.pid}-${Date.now()}:`;
const projectId = 'proj_refresh';
let seen: string[] = [];

beforeAll(async () => {
  provider = await startLoopbackProvider();
  redis = new Redis(process.env.REDIS_URL!);
  store = new CredentialStore(redis, prefix, staticKeyring('refresh test secret, long enough'));
  const fresh = freshTokens({ redis, prefix, credentials: store, tokens: tokenCall(new Outbound({ allow: new AllowList([provider.host]) })), serviceUrls: serviceUrlsFrom(provider.serviceUrls) });
  access = credentialAccess(store, projectId, (secrets) => seen.push(...secrets), fresh);
});
beforeEach(() => {
  seen = [];
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await provider.close();
});

const saved = (name: string, credential_type: string, credentials: Record<string, unknown>) =>
  store.create(projectId, { name, credential_type, is_active: true, credentials: { client_id: provider.client.clientId, client_secret: provider.client.clientSecret, ...credentials } });

describe('refresh before expiry', () => {
  it('Microsoft: within 60 s of expiry the token is refreshed on the tenant, stored, and handed out', async () => {
    const refresh = provider.grantRefreshToken();
    await saved('teams', 'teamsOauth', { access_token: 'old-access-token', refresh_token: refresh, expires_at: Date.now() + 30_000, tenant_id: 'contoso', scope: 'User.Read Chat.ReadWrite' });
    const got = await access.get('teams');
    expect(got.access_token).toMatch(/^access-/);
    expect(got.refresh_token).not.toBe(refresh); // Microsoft rotates it
    expect(Number(got.expires_at)).toBeGreaterThan(Date.now() + 3500_000);
    const [call] = provider.tokenRequests('microsoft');
    expect(call.path).toBe('/ms/contoso/oauth2/v2.0/token');
    expect(call.form).toEqual({ client_id: provider.client.clientId, client_secret: provider.client.clientSecret, grant_type: 'refresh_token', refresh_token: refresh, scope: 'offline_access User.Read Chat.ReadWrite' });
    expect((await store.reveal(projectId, 'teams')).credentials).toMatchObject({ access_token: got.access_token, refresh_token: got.refresh_token, tenant_id: 'contoso' });
    // the new tokens are secrets the node runner redacts
    expect(seen).toEqual(expect.arrayContaining([got.access_token, got.refresh_token]));
  });

  it('a token with more than a minute left is handed out as it is, with no call', async () => {
    await saved('sheets-fresh', 'googleSheetsOauth', { access_token: 'still-good-token', refresh_token: provider.grantRefreshToken(), expires_at: Date.now() + 120_000 });
    const before = provider.tokenRequests('google').length;
    expect((await access.get('sheets-fresh')).access_token).toBe('still-good-token');
    expect(provider.tokenRequests('google').length).toBe(before);
  });

  it('Google: one refresh however many read it at once (a Redis lock); the refresh token is kept', async () => {
    const refresh = provider.grantRefreshToken();
    await saved('sheets', 'googleSheetsOauth', { access_token: 'expired-token', refresh_token: refresh, expires_at: Date.now() - 1000 });
    const before = provider.tokenRequests('google').length;
    const all = await Promise.all(Array.from({ length: 6 }, () => access.get('sheets')));
    const calls = provider.tokenRequests('google').slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0].form).toEqual({ grant_type: 'refresh_token', refresh_token: refresh, client_id: provider.client.clientId, client_secret: provider.client.clientSecret });
    expect(new Set(all.map((c) => c.access_token)).size).toBe(1);
    expect(all[0].refresh_token).toBe(refresh);
  });

  it('Slack (token rotation): refresh at oauth.v2.access with HTTP Basic client authentication', async () => {
    const refresh = provider.grantRefreshToken();
    await saved('slack', 'slackOauth', { access_token: 'xoxe-old', refresh_token: refresh, expires_at: Date.now() + 10_000 });
    const got = await access.get('slack');
    expect(got.access_token).toMatch(/^xoxb-/);
    const call = provider.tokenRequests('slack').at(-1)!;
    expect(call.form).toEqual({ grant_type: 'refresh_token', refresh_token: refresh });
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from(`${provider.client.clientId}:${provider.client.clientSecret}`).toString('base64')}`);
  });

  it("'No refresh token available' without one; 'Failed to refresh token' when the provider refuses", async () => {
    await saved('no-refresh', 'googleSheetsOauth', { access_token: 'expired', expires_at: Date.now() - 1 });
    await expect(access.get('no-refresh')).rejects.toMatchObject({ message: 'No refresh token available', kind: 'user' });
    await saved('refused', 'googleSheetsOauth', { access_token: 'expired', refresh_token: provider.grantRefreshToken(), expires_at: Date.now() - 1 });
    provider.refuseNext('google');
    const error = await access.get('refused').then(() => null, (e: Error) => e);
    expect(error).toMatchObject({ message: 'Failed to refresh token', kind: 'operational' });
    // the stored tokens stay as they were; a later read tries again
    expect((await store.reveal(projectId, 'refused')).credentials.access_token).toBe('expired');
    expect((await access.get('refused')).access_token).toMatch(/^access-/);
  });

  it('a credential without expires_at, or not an OAuth type, is handed out untouched', async () => {
    await saved('slack-forever', 'slackOauth', { access_token: 'xoxb-does-not-expire' });
    expect((await access.get('slack-forever')).access_token).toBe('xoxb-does-not-expire');
  });
});
