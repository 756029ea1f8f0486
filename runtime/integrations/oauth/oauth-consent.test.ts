/**
 * OAuth consent through the whole server against a loopback provider speaking Google's,
 * Microsoft's and Slack's endpoints: operators register the apps, builders start a consent,
 * the provider sends the browser back, the callback saves an active credential. The exact
 * token requests, the spec's texts, the single-use state, and no secret in any answer.
 */
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueNode } from '../../../catalogue/types.ts';
import { staticKeyring } from '../../services/secrets/server-secret.ts';
import { oauthAppsFrom } from '../../services/secrets/oauth-apps.ts';
import { CredentialStore } from '../../services/stores/credentials.ts';
import type { SignedInClient } from '../../testing/session-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { startLoopbackProvider, type LoopbackProvider } from './testing/loopback-provider.ts';

/** test only: what an app node does — read `access_token` from ctx.credentials.get — and say whether it is one the provider issued since `after` */
const tokenProbe: CatalogueNode = {
  definition: {
    name: 'tokenProbeNode',
    label: 'Token probe (test)',
    type: 'dynamicNode',
    category: 'App',
    status: 'Enabled',
    description: 'Test only: reads a credential the way app nodes do.',
    icon: 'key',
    docs: '/docs/nodes/tokenProbeNode',
    inputs: [{ name: 'credential', label: 'Credential', type: 'text', defaultValue: '' }],
    outputs: [],
  },
  async run(values, ctx) {
    const { access_token } = await ctx.credentials.get(String(values.credential));
    const index = provider.issued.indexOf(String(access_token));
    return { output: { issuedAt: index } };
  },
};

const keyring = staticKeyring('oauth consent test secret, long enough to be one');
let provider: LoopbackProvider;
let weft: TestWeft;
let operator: SignedInClient;
let builder: SignedInClient;
let projectId = '';
let store: CredentialStore;
let redis: Redis;
/** every answer the server gave in this file, to look for secrets in */
const answers: string[] = [];

async function call(client: SignedInClient, method: string, path: string, body?: unknown): Promise<{ status: number; body: any; location: string | null }> {
  // redirects are the answer here (the landing path's 303), not to be followed
  const response = await fetch(`${weft.url}${path}`, { method, redirect: 'manual', headers: { 'content-type': 'application/json', ...client.headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  answers.push(text, response.headers.get('location') ?? '');
  const json = response.headers.get('content-type')?.includes('json');
  return { status: response.status, body: json && text ? JSON.parse(text) : text, location: response.headers.get('location') };
}

/** start a consent, follow the loopback consent page, answer the callback URL it redirects to */
async function consent(type: string, name: string, extra: Record<string, unknown> = {}): Promise<{ authorize: URL; callback: URL }> {
  const started = await call(builder, 'POST', `/api/projects/${projectId}/oauth/start`, { credential_type: type, name, ...extra });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const authorize = new URL(started.body.authorizationUrl);
  const page = await fetch(authorize, { redirect: 'manual' });
  expect(page.status).toBe(302);
  return { authorize, callback: new URL(page.headers.get('location')!) };
}

const land = (client: SignedInClient, callback: URL) => call(client, 'GET', `${callback.pathname}${callback.search}`);
const landing = (location: string | null) => Object.fromEntries(new URL(location!, 'http://x').searchParams);

beforeAll(async () => {
  provider = await startLoopbackProvider();
  // Slack's app (marketplace id 1) comes from the environment (WEFT_OAUTH_1_CLIENT_ID / _SECRET, runtime/config.ts)
  const oauthApps = oauthAppsFrom({ WEFT_OAUTH_1_CLIENT_ID: provider.client.clientId, WEFT_OAUTH_1_CLIENT_SECRET: provider.client.clientSecret });
  weft = await startTestWeft({ keyring, serviceUrls: provider.serviceUrls, outboundAllow: [provider.host], operatorEmails: ['operator@weft.test'], extraNodes: [tokenProbe], oauthApps });
  operator = await weft.createUser({ email: 'operator@weft.test', name: 'Operator' });
  const owner = await weft.createUser({ name: 'Builder' });
  await weft.accounts.organisations.update(owner.organisation.id, { plan: 'team' });
  builder = owner;
  projectId = (await builder.api<{ id: string }>('POST', '/api/projects', { name: 'OAuth' })).id;
  redis = new Redis(process.env.REDIS_URL!);
  store = new CredentialStore(redis, weft.prefix, keyring);
  for (const id of [3, 11, 4]) {
    const put = await call(operator, 'PUT', `/api/oauth/apps/${id}`, { clientId: provider.client.clientId, clientSecret: provider.client.clientSecret });
    expect(put.status).toBe(204);
  }
});
afterAll(async () => {
  redis?.disconnect();
  await weft?.close();
  await provider?.close();
});

describe('OAuth apps (the marketplace integration secrets)', () => {
  it('are registered by operators only, kept encrypted, and listed without their secret', async () => {
    const refused = await call(builder, 'PUT', '/api/oauth/apps/3', { clientId: 'x', clientSecret: 'y' });
    expect(refused.status).toBe(403);
    expect((await call(builder, 'GET', '/api/oauth/apps')).status).toBe(403);
    const apps = await call(operator, 'GET', '/api/oauth/apps');
    expect(apps.status).toBe(200);
    const sheets = apps.body.find((a: { marketplaceId: number }) => a.marketplaceId === 3);
    expect(sheets).toMatchObject({ provider: 'google', credentialTypes: ['googleSheetsOauth'], source: 'studio', clientId: provider.client.clientId, redirectUris: [`${weft.url}/api/googleSheets`] });
    expect(apps.body.find((a: { marketplaceId: number }) => a.marketplaceId === 1)).toMatchObject({ source: 'environment', env: { clientId: 'WEFT_OAUTH_1_CLIENT_ID' } });
    expect(apps.body.find((a: { marketplaceId: number }) => a.marketplaceId === 10)).toMatchObject({ source: null, clientId: null });
    const stored = await redis.get(`${weft.prefix}marketplace:3`);
    expect(stored).not.toContain(provider.client.clientSecret);
    expect(stored).not.toContain(provider.client.clientId);
    const unknown = await call(operator, 'PUT', '/api/oauth/apps/99', { clientId: 'x', clientSecret: 'y' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/^Integration not found: no OAuth integration has marketplace id 99 \(one of .*\)$/);
  });

  it('a consent for an integration without an app names the variables that register one', async () => {
    const answer = await call(builder, 'POST', `/api/projects/${projectId}/oauth/start`, { credential_type: 'sharepointOauth', name: 'sp', tenant_id: 'contoso' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/^Integration not found: no OAuth app is registered for marketplace id 10 \(sharepointOauth\)/);
    expect(answer.body.error.message).toContain('WEFT_OAUTH_10_CLIENT_ID');
  });
});

describe('Google (offline access, forced consent)', () => {
  it('round trip: the exact authorisation URL and code exchange, an active credential with the token response', async () => {
    const { authorize, callback } = await consent('googleSheetsOauth', 'sheets');
    expect(authorize.origin + authorize.pathname).toBe(`${provider.base}/google/auth`);
    const q = Object.fromEntries(authorize.searchParams);
    expect(q).toMatchObject({ client_id: provider.client.clientId, redirect_uri: `${weft.url}/api/googleSheets`, response_type: 'code', access_type: 'offline', prompt: 'consent' });
    expect(q.scope).toContain('https://www.googleapis.com/auth/spreadsheets.readonly');
    expect(q.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(callback.pathname).toBe('/api/googleSheets');

    const landed = await land(builder, callback);
    expect(landed.status).toBe(303);
    expect(landed.location).toBe(`/projects/${projectId}/credentials?oauth=connected&credential=sheets`);
    const [exchange] = provider.tokenRequests('google');
    expect(exchange.form).toEqual({ grant_type: 'authorization_code', code: callback.searchParams.get('code'), redirect_uri: `${weft.url}/api/googleSheets`, client_id: provider.client.clientId, client_secret: provider.client.clientSecret });
    expect(exchange.headers['content-type']).toBe('application/x-www-form-urlencoded');

    const shown = (await call(builder, 'GET', `/api/projects/${projectId}/credentials/by-name/sheets`)).body;
    expect(shown).toMatchObject({ is_active: true, marketplace_id: 3, credential_type: 'googleSheetsOauth' });
    const revealed = await store.reveal(projectId, 'sheets');
    expect(revealed.credentials).toMatchObject({ token_type: 'Bearer', expires_in: 3600, client_id: provider.client.clientId, client_secret: provider.client.clientSecret, redirect_uri: `${weft.url}/api/googleSheets` });
    expect(revealed.credentials.access_token).toMatch(/^access-/);
    expect(revealed.credentials.refresh_token).toMatch(/^refresh-/);
    expect(Math.abs(Number(revealed.credentials.expires_at) - (Date.now() + 3600_000))).toBeLessThan(10_000);
  });

  it('refuses the callback replayed, from another session, with a made-up state or on another landing path', async () => {
    const { callback } = await consent('googleSheetsOauth', 'sheets-replay');
    expect((await land(builder, callback)).status).toBe(303);
    const replay = await land(builder, callback);
    expect(replay.status).toBe(403);
    expect(replay.body.error.code).toBe('invalid_oauth_state');

    const other = await consent('googleSheetsOauth', 'sheets-stolen');
    const stranger = await weft.createUser({ name: 'Stranger' });
    expect((await land(stranger, other.callback)).status).toBe(403);
    // taken by that refusal: the builder's own try afterwards is refused too (single use)
    expect((await land(builder, other.callback)).status).toBe(403);

    const forged = new URL(other.callback);
    forged.searchParams.set('state', 'A'.repeat(43));
    expect((await land(builder, forged)).status).toBe(403);
    expect((await call(builder, 'GET', '/api/googleSheets?code=abc&state=short')).status).toBe(403);

    const wrongPath = await consent('googleSheetsOauth', 'sheets-path');
    expect((await call(builder, 'GET', `/api/onedrive${wrongPath.callback.search}`)).status).toBe(403);
    expect((await weft.anonymous.request('GET', `/api/googleSheets${wrongPath.callback.search}`)).status).toBe(401);
    expect((await store.list(projectId)).map((c) => c.name)).not.toContain('sheets-stolen');
  });

  it('the callback texts: an error parameter as is, no code, a failed exchange, no refresh token (status failed)', async () => {
    const denied = await consent('googleSheetsOauth', 'denied');
    const withError = new URL(denied.callback);
    withError.searchParams.delete('code');
    withError.searchParams.set('error', 'access_denied');
    expect(landing((await land(builder, withError)).location)).toEqual({ oauth: 'failed', message: 'access_denied' });

    const nocode = await consent('googleSheetsOauth', 'nocode');
    nocode.callback.searchParams.delete('code');
    expect(landing((await land(builder, nocode.callback)).location)).toEqual({ oauth: 'failed', message: 'No code received' });

    const refused = await consent('googleSheetsOauth', 'refused');
    provider.refuseNext('google');
    expect(landing((await land(builder, refused.callback)).location)).toEqual({ oauth: 'failed', message: 'Failed to exchange code for tokens' });

    const offline = await consent('googleSheetsOauth', 'no-refresh');
    provider.withoutRefreshTokenNext('google');
    expect(landing((await land(builder, offline.callback)).location)).toEqual({ oauth: 'failed', message: 'No refresh token available' });
    const names = (await store.list(projectId)).map((c) => c.name);
    for (const name of ['denied', 'nocode', 'refused', 'no-refresh']) expect(names).not.toContain(name);
  });

  it('refuses a name the project has, and reconnects an existing credential in place', async () => {
    const taken = await call(builder, 'POST', `/api/projects/${projectId}/oauth/start`, { credential_type: 'googleSheetsOauth', name: 'sheets' });
    expect(taken.status).toBe(409);
    const before = await store.reveal(projectId, 'sheets');
    const { callback } = await consent('googleSheetsOauth', 'sheets', { credentialId: before.id });
    expect(landing((await land(builder, callback)).location)).toEqual({ oauth: 'connected', credential: 'sheets' });
    const after = await store.reveal(projectId, 'sheets');
    expect(after.id).toBe(before.id);
    expect(after.credentials.access_token).not.toBe(before.credentials.access_token);
    // the studio's edit sends back what it was shown (masked): the tokens stay
    const shown = (await call(builder, 'GET', `/api/projects/${projectId}/credentials/${before.id}`)).body;
    const edit = await call(builder, 'PUT', `/api/projects/${projectId}/credentials/${before.id}`, { credentials: shown.credentials });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await store.reveal(projectId, 'sheets')).credentials).toEqual(after.credentials);
  });
});

describe('Microsoft identity (tenant)', () => {
  it("'Tenant ID is required'; Teams refuses common ('Tenant ID is not supported'), OneDrive takes it", async () => {
    const start = (body: Record<string, unknown>) => call(builder, 'POST', `/api/projects/${projectId}/oauth/start`, body);
    expect((await start({ credential_type: 'teamsOauth', name: 'teams' })).body.error.message).toBe('Tenant ID is required');
    expect((await start({ credential_type: 'teamsOauth', name: 'teams', tenant_id: '  ' })).body.error.message).toBe('Tenant ID is required');
    expect((await start({ credential_type: 'teamsOauth', name: 'teams', tenant_id: 'common' })).body.error.message).toBe('Tenant ID is not supported');
    expect((await start({ credential_type: 'onedriveOauth', name: 'drive', tenant_id: 'common' })).status).toBe(200);
  });

  it('round trip on the tenant: offline_access + prompt=consent, the exact token request, tenant_id and client settings stored', async () => {
    const { authorize, callback } = await consent('teamsOauth', 'teams', { tenant_id: 'contoso-tenant' });
    expect(authorize.pathname).toBe('/ms/contoso-tenant/oauth2/v2.0/authorize');
    const q = Object.fromEntries(authorize.searchParams);
    expect(q).toMatchObject({ client_id: provider.client.clientId, response_type: 'code', response_mode: 'query', prompt: 'consent', redirect_uri: `${weft.url}/api/teams` });
    expect(q.scope.split(' ')).toEqual(expect.arrayContaining(['offline_access', 'Chat.ReadWrite', 'User.Read']));
    expect(landing((await land(builder, callback)).location)).toEqual({ oauth: 'connected', credential: 'teams' });
    const exchange = provider.tokenRequests('microsoft').at(-1)!;
    expect(exchange.path).toBe('/ms/contoso-tenant/oauth2/v2.0/token');
    expect(exchange.form).toEqual({ client_id: provider.client.clientId, client_secret: provider.client.clientSecret, grant_type: 'authorization_code', code: callback.searchParams.get('code'), redirect_uri: `${weft.url}/api/teams`, scope: q.scope });
    const revealed = await store.reveal(projectId, 'teams');
    expect(revealed).toMatchObject({ is_active: true, marketplace_id: 11, credential_type: 'teamsOauth' });
    expect(revealed.credentials).toMatchObject({ tenant_id: 'contoso-tenant', client_id: provider.client.clientId, client_secret: provider.client.clientSecret, redirect_uri: `${weft.url}/api/teams`, token_type: 'Bearer' });
  });
});

describe('Slack OAuth v2', () => {
  it('round trip: client authentication by HTTP Basic at oauth.v2.access, the bot token stored active', async () => {
    const { authorize, callback } = await consent('slackOauth', 'slack');
    expect(authorize.origin + authorize.pathname).toBe(`${provider.base}/slack/oauth/v2/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ client_id: provider.client.clientId, redirect_uri: `${weft.url}/api/slack` });
    expect(authorize.searchParams.get('scope')).toContain('chat:write');
    expect(landing((await land(builder, callback)).location)).toEqual({ oauth: 'connected', credential: 'slack' });
    const [exchange] = provider.tokenRequests('slack');
    expect(exchange.form).toEqual({ grant_type: 'authorization_code', code: callback.searchParams.get('code'), redirect_uri: `${weft.url}/api/slack` });
    const basic = `Basic ${Buffer.from(`${provider.client.clientId}:${provider.client.clientSecret}`).toString('base64')}`;
    expect(exchange.headers.authorization).toBe(basic);
    const revealed = await store.reveal(projectId, 'slack');
    expect(revealed).toMatchObject({ is_active: true, marketplace_id: 1, credential_type: 'slackOauth' });
    expect(revealed.credentials).toMatchObject({ token_type: 'bot', bot_user_id: 'U0BOT', team: { id: 'T0TEAM' } });
    expect(revealed.credentials).not.toHaveProperty('ok');
    expect(String(revealed.credentials.access_token)).toMatch(/^xoxb-/);
  });

  it("Slack's refusal (200 with ok: false) is 'Failed to exchange code for tokens'", async () => {
    const { callback } = await consent('slackOauth', 'slack-refused');
    provider.refuseNext('slack');
    expect(landing((await land(builder, callback)).location)).toEqual({ oauth: 'failed', message: 'Failed to exchange code for tokens' });
  });
});

describe('ctx.credentials.get in a run', () => {
  it('hands a node a refreshed access token once the stored one is within a minute of expiry', async () => {
    provider.expiresIn = 30;
    const { callback } = await consent('teamsOauth', 'teams-short', { tenant_id: 'contoso-tenant' });
    expect(landing((await land(builder, callback)).location)).toEqual({ oauth: 'connected', credential: 'teams-short' });
    provider.expiresIn = 3600;
    const first = String((await store.reveal(projectId, 'teams-short')).credentials.access_token);
    const at = { x: 0, y: 0 };
    const flow = await builder.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
      name: 'probe',
      nodes: [
        { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: { public: true } },
        { id: 'tokenProbe_1', type: 'tokenProbeNode', position: at, values: { credential: 'teams-short' } },
        { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'issuedAt', value: '{{tokenProbe_1.output.issuedAt}}' }] } },
      ],
      edges: [
        { id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'tokenProbe_1', targetHandle: 'in' },
        { id: 'e2', source: 'tokenProbe_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' },
      ],
    });
    await builder.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const answer = await fetch(`${weft.url}/hook/${flow.id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const body = (await answer.json()) as { issuedAt: number };
    expect(answer.status, JSON.stringify(body)).toBe(200);
    // a token issued after the first one: the refresh's, which is also what is stored now
    expect(Number(body.issuedAt)).toBeGreaterThan(provider.issued.indexOf(first));
    const stored = await store.reveal(projectId, 'teams-short');
    expect(provider.issued.indexOf(String(stored.credentials.access_token))).toBe(Number(body.issuedAt));
    expect(provider.tokenRequests('microsoft').at(-1)!.form.grant_type).toBe('refresh_token');
  });
});

describe('secrets', () => {
  it('no answer holds a token, refresh token or client secret', async () => {
    answers.push(JSON.stringify((await call(builder, 'GET', `/api/projects/${projectId}/credentials`)).body));
    expect(provider.issued.length).toBeGreaterThan(5);
    const all = answers.join('\n');
    for (const secret of [...provider.issued, provider.client.clientSecret]) expect(all).not.toContain(secret);
  });
});
