/**
 * The Teams trigger through the whole server: the Bot Framework (a loopback key server and a
 * signed token, as the connector sends them) calls POST /hook/teams/:flowId; weft checks the
 * token, answers at once, and the run replies through the Bot Framework connector (loopback)
 * with a token from the identity provider (loopback). Forged, expired, misaddressed calls are 401.
 */
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackApi, type LoopbackApi } from '../../../catalogue/testing/loopback-api.ts';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

const APP_ID = '9f3a1c2e-0000-4000-8000-000000000bot';
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const CLIENT_SECRET = 'bot-app-client-secret-value-0123456789';
const ACCESS = 'delegated-graph-access-token-0123456789';
const BOT_TOKEN = 'bot-framework-token-issued-by-login-0123456789';
const SERVICE_URL = 'https://smba.trafficmanager.net/amer/';
const SLACK_TOKEN = 'xoxb-slack-bot-token-secret-0123456789';

let weft: TestWeft;
let openid: LoopbackApi;
let login: LoopbackApi;
let connector: LoopbackApi;
let slack: LoopbackApi;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let flowId = '';
let projectId = '';

const activity = (overrides: Record<string, unknown> = {}) => ({
  type: 'message',
  id: '1732512345678',
  timestamp: '2026-11-25T05:00:00.000Z',
  serviceUrl: SERVICE_URL,
  channelId: 'msteams',
  from: { id: '29:1user', name: 'Ada Lovelace', aadObjectId: 'aad-user-1' },
  conversation: { conversationType: 'personal', tenantId: TENANT, id: 'a:1personal-chat' },
  recipient: { id: `28:${APP_ID}`, name: 'weft bot' },
  textFormat: 'plain',
  text: 'hello bot',
  entities: [{ type: 'clientInfo', locale: 'en-GB' }],
  channelData: { tenant: { id: TENANT } },
  ...overrides,
});

async function token(options: { key?: CryptoKey; kid?: string; audience?: string; issuer?: string; serviceUrl?: string; expires?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ serviceUrl: options.serviceUrl ?? SERVICE_URL })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'bf-key-1', typ: 'JWT' })
    .setIssuer(options.issuer ?? 'https://api.botframework.com')
    .setAudience(options.audience ?? APP_ID)
    .setIssuedAt(now - 60)
    .setNotBefore(now - 60)
    .setExpirationTime(options.expires ?? now + 3600)
    .sign(options.key ?? signingKey);
}

const post = async (body: unknown, authorization?: string) =>
  fetch(`${weft.url}/hook/teams/${flowId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'bf-key-1', use: 'sig', endorsements: ['msteams'] };
  openid = await startLoopbackApi((request) =>
    request.url === '/v1/.well-known/openidconfiguration'
      ? { body: { issuer: 'https://api.botframework.com', jwks_uri: `${openid.url}/v1/.well-known/keys`, id_token_signing_alg_values_supported: ['RS256'] } }
      : request.url === '/v1/.well-known/keys'
        ? { body: { keys: [jwk] } }
        : { status: 404, body: {} },
  );
  login = await startLoopbackApi(() => ({ body: { token_type: 'Bearer', expires_in: 3599, access_token: BOT_TOKEN } }));
  connector = await startLoopbackApi(() => ({ status: 201, body: { id: '1:reply-activity' } }));
  // this Slack echoes the Authorization header back: the runner must mask it in the node's output
  slack = await startLoopbackApi((request) => ({
    body: { ok: true, channel: 'C0OPS', ts: '1732512345.000100', message: { text: JSON.parse(request.body).text, echoed: request.headers.authorization } },
  }));
  weft = await startTestWeft({
    serviceUrls: { botOpenId: `${openid.url}/v1/.well-known/openidconfiguration`, msLogin: login.url, botFramework: connector.url, slack: slack.url },
    outboundAllow: [openid.hostPort, login.hostPort, connector.hostPort, slack.hostPort],
  });
  await weft.accounts.organisations.update(weft.admin.organisation.id, { plan: 'team' });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Teams bot' })).id;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, {
    name: 'teams',
    credential_type: 'teamsOauth',
    marketplace_id: 11,
    credentials: { tenant_id: TENANT, client_id: APP_ID, client_secret: CLIENT_SECRET, access_token: ACCESS, refresh_token: 'refresh-token-secret-0123456789' },
  });
  await weft.api('POST', `/api/projects/${projectId}/credentials`, {
    name: 'slack',
    credential_type: 'slackOauth',
    marketplace_id: 1,
    credentials: { access_token: SLACK_TOKEN, token_type: 'bot', scope: 'chat:write' },
  });
  const flow = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: 'Echo bot',
    nodes: [
      { id: 'teamsTrigger_1', type: 'teamsTriggerNode', position: { x: 0, y: 0 }, values: { credentials: 'teams', conversationType: 'botChat' } },
      {
        id: 'teams_1',
        type: 'teamsNode',
        position: { x: 320, y: 0 },
        values: { credentials: 'teams', conversationType: 'bot', conversationId: '{{trigger.output.conversation.id}}', message: 'You said: {{trigger.output.text}}' },
      },
      { id: 'slack_1', type: 'slackNode', position: { x: 640, y: 0 }, values: { credentials: 'slack', channel_name: '#ops', text: '{{trigger.output.from.name}} asked the bot: {{trigger.output.text}}' } },
    ],
    edges: [
      { id: 'e1', source: 'teamsTrigger_1', sourceHandle: 'out', target: 'teams_1', targetHandle: 'in' },
      { id: 'e2', source: 'teams_1', sourceHandle: 'out', target: 'slack_1', targetHandle: 'in' },
    ],
  });
  flowId = flow.id;
  await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
}, 60_000);
afterAll(async () => {
  await weft?.close();
  await Promise.all([openid?.close(), login?.close(), connector?.close(), slack?.close()]);
});

async function settled(runId: string) {
  for (let i = 0; i < 100; i++) {
    const run = await weft.api<{ status: string }>('GET', `/api/runs/${runId}`);
    if (run.status !== 'running' && run.status !== 'pending') return run;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`run ${runId} did not end`);
}

describe('the Teams trigger (POST /hook/teams/:flowId)', () => {
  it('answers a signed message at once and the run replies through the Bot Framework', async () => {
    const started = Date.now();
    const response = await post(activity(), `Bearer ${await token()}`);
    expect(response.status).toBe(200);
    const { runId } = (await response.json()) as { runId: string };
    expect(runId).toMatch(/^run_/);
    expect(response.headers.get('x-weft-run-id')).toBe(runId);
    expect(Date.now() - started).toBeLessThan(3000);
    const run = await settled(runId);
    expect(run.status).toBe('completed');
    expect(openid.seen.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/v1/.well-known/openidconfiguration'],
      ['GET', '/v1/.well-known/keys'],
    ]);
    expect(login.seen).toHaveLength(1);
    expect(login.seen[0].url).toBe(`/${TENANT}/oauth2/v2.0/token`);
    expect(Object.fromEntries(new URLSearchParams(login.seen[0].body))).toMatchObject({ grant_type: 'client_credentials', client_id: APP_ID, scope: 'https://api.botframework.com/.default' });
    expect(connector.seen).toHaveLength(1);
    const [reply] = connector.seen;
    expect([reply.method, reply.url]).toEqual(['POST', `/${TENANT}/v3/conversations/a%3A1personal-chat/activities`]);
    expect(reply.headers.authorization).toBe(`Bearer ${BOT_TOKEN}`);
    expect(JSON.parse(reply.body)).toEqual({ type: 'message', text: 'You said: hello bot\n\n_Powered by weft_', textFormat: 'markdown' });
    expect(slack.seen).toHaveLength(1);
    expect([slack.seen[0].method, slack.seen[0].url, slack.seen[0].headers.authorization]).toEqual(['POST', '/chat.postMessage', `Bearer ${SLACK_TOKEN}`]);
    expect(JSON.parse(slack.seen[0].body)).toEqual({ channel: '#ops', text: 'Ada Lovelace asked the bot: hello bot' });
    // no secret in the run, its events or the production log
    const events = await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
    expect(events.some((e) => e.type === 'node.completed' && e.nodeId === 'teams_1')).toBe(true);
    const logs = JSON.stringify(await weft.api('GET', `/api/projects/${projectId}/logs`));
    expect(logs).toContain('"trigger":"teams"');
    const seenByUsers = [JSON.stringify(run), JSON.stringify(events), logs].join('\n');
    expect(seenByUsers).toContain('1:reply-activity');
    expect(seenByUsers).toContain('hello bot');
    expect(seenByUsers).toContain('Bearer ••••');
    for (const secret of [CLIENT_SECRET, ACCESS, BOT_TOKEN, SLACK_TOKEN, 'refresh-token-secret-0123456789']) expect(seenByUsers).not.toContain(secret);
  });

  it('refuses calls the Bot Framework did not sign for this bot, without a run', async () => {
    const before = connector.seen.length;
    const now = Math.floor(Date.now() / 1000);
    const refusals = [
      await post(activity()),
      await post(activity(), 'Bearer not-a-jwt'),
      await post(activity(), `Bearer ${await token({ key: strangerKey })}`),
      await post(activity(), `Bearer ${await token({ kid: 'unknown-key' })}`),
      await post(activity(), `Bearer ${await token({ audience: 'another-bot' })}`),
      await post(activity(), `Bearer ${await token({ issuer: 'https://evil.example' })}`),
      await post(activity(), `Bearer ${await token({ expires: now - 600 })}`),
      await post(activity(), `Bearer ${await token({ serviceUrl: 'https://elsewhere.example/' })}`),
      await post(activity({ channelId: 'skype' }), `Bearer ${await token()}`),
    ];
    expect(refusals.map((r) => r.status)).toEqual(Array(refusals.length).fill(401));
    expect(refusals[0].headers.get('www-authenticate')).toBe('Bearer');
    const body = (await refusals[4].json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.message).toContain('The Bot Framework token is not valid');
    await new Promise((ok) => setTimeout(ok, 300));
    expect(connector.seen.length).toBe(before);
  });

  it('acknowledges activities the trigger does not ask for, and starts nothing', async () => {
    const before = connector.seen.length;
    const group = await post(activity({ conversation: { conversationType: 'groupChat', tenantId: TENANT, id: '19:group@thread.v2' } }), `Bearer ${await token()}`);
    expect([group.status, await group.json()]).toEqual([200, { ignored: true, reason: 'The trigger does not ask for this activity' }]);
    const typing = await post(activity({ type: 'typing', text: undefined }), `Bearer ${await token()}`);
    expect(typing.status).toBe(200);
    expect(((await typing.json()) as { ignored?: boolean }).ignored).toBe(true);
    await new Promise((ok) => setTimeout(ok, 300));
    expect(connector.seen.length).toBe(before);
  });

  it('answers 404 for a flow that is not there', async () => {
    const response = await fetch(`${weft.url}/hook/teams/flow_missing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token()}` },
      body: JSON.stringify(activity()),
    });
    expect(response.status).toBe(404);
  });
});
