import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NodeError } from '../../errors.ts';
import { startLoopbackApi, type LoopbackApi } from '../../testing/loopback-api.ts';
import { runNode, testContext } from '../../testing/node-harness.ts';
import { clearBotTokens } from './bot-token.ts';
import node from './run.ts';

const ACCESS = 'eyJ0eXAiOiJKV1QiLCJub25jZSI6ImdyYXBoLXNlY3JldC1hY2Nlc3MtdG9rZW4ifQ';
const CLIENT_SECRET = 'app~client~secret~value~1234567890';
const BOT_TOKEN = 'bot-framework-access-token-abcdef123456';
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const credential = { access_token: ACCESS, refresh_token: 'refresh-secret-token-000000', tenant_id: TENANT, client_id: 'app-client-id', client_secret: CLIENT_SECRET };

let graph: LoopbackApi;
let login: LoopbackApi;
let bot: LoopbackApi;

beforeAll(async () => {
  [graph, login, bot] = await Promise.all([startLoopbackApi(), startLoopbackApi(), startLoopbackApi()]);
});
afterAll(() => Promise.all([graph.close(), login.close(), bot.close()]));
beforeEach(() => {
  for (const server of [graph, login, bot]) server.seen.length = 0;
  clearBotTokens();
  login.respond(() => ({ body: { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: BOT_TOKEN } }));
  bot.respond(() => ({ status: 201, body: { id: '1:activity-id' } }));
});

const context = (fields: Record<string, unknown> = credential) =>
  testContext({
    serviceUrls: { graph: graph.url, msLogin: login.url, botFramework: bot.url },
    allowOutbound: [graph.hostPort, login.hostPort, bot.hostPort],
    credentials: { get: async (name) => (name === 'teams' ? fields : Promise.reject(new Error(`No credentials found for ${name}`))) },
  });
const failure = async (values: Record<string, unknown>, ctx = context()) => (await runNode(node, { credentials: 'teams', ...values }, ctx).catch((e: unknown) => e)) as NodeError;

const graphMessage = {
  '@odata.context': "https://graph.microsoft.com/v1.0/$metadata#chats('19%3Aabc')/messages/$entity",
  id: '1616990032035',
  replyToId: null,
  etag: '1616990032035',
  messageType: 'message',
  createdDateTime: '2021-03-29T03:53:52.035Z',
  chatId: '19:abc@thread.v2',
  importance: 'normal',
  from: { user: { id: 'u1', displayName: 'Ada' } },
  body: { contentType: 'html', content: 'Hi' },
  attachments: [],
  mentions: [],
};

describe('team messaging: chats and channels through Microsoft Graph', () => {
  it('sends a chat message as HTML with the powered-by line, as the connected user', async () => {
    graph.respond(() => ({ status: 201, body: graphMessage }));
    const result = await runNode(node, { credentials: 'teams', conversationType: 'chat', chatId: '19:abc@thread.v2', message: 'Hi <b>team</b>' }, context());
    expect(graph.seen).toHaveLength(1);
    const [request] = graph.seen;
    expect([request.method, request.url]).toEqual(['POST', '/chats/19%3Aabc%40thread.v2/messages']);
    expect(request.headers.authorization).toBe(`Bearer ${ACCESS}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ body: { contentType: 'html', content: 'Hi <b>team</b><p><em>Powered by weft</em></p>' } });
    const { '@odata.context': _dropped, ...rest } = graphMessage;
    expect(result.output).toEqual(rest);
  });

  it('sends the default greeting without the powered-by line when it is off', async () => {
    graph.respond(() => ({ status: 201, body: graphMessage }));
    await runNode(node, { credentials: 'teams', chatId: '19:abc@thread.v2', includePoweredBy: false }, context());
    expect(JSON.parse(graph.seen[0].body)).toEqual({ body: { contentType: 'html', content: 'Hello from weft! 👋' } });
  });

  it('replies to a channel message', async () => {
    graph.respond(() => ({ status: 201, body: { ...graphMessage, replyToId: '1616965872395', channelIdentity: { teamId: 'team-1', channelId: '19:chan@thread.tacv2' } } }));
    const result = await runNode(
      node,
      { credentials: 'teams', conversationType: 'channel', channelOperation: 'replyToMessage', teamId: 'team-1', channelId: '19:chan@thread.tacv2', messageId: '1616965872395', message: 'On it', includePoweredBy: false },
      context(),
    );
    expect([graph.seen[0].method, graph.seen[0].url]).toEqual(['POST', '/teams/team-1/channels/19%3Achan%40thread.tacv2/messages/1616965872395/replies']);
    expect(JSON.parse(graph.seen[0].body)).toEqual({ body: { contentType: 'html', content: 'On it' } });
    expect((result.output as { replyToId: string }).replyToId).toBe('1616965872395');
  });

  it("fails with Graph's status and text", async () => {
    graph.respond(() => ({ status: 403, body: { error: { code: 'Forbidden', message: 'Missing scope ChatMessage.Send' } } }));
    const error = await failure({ chatId: '19:abc@thread.v2' });
    expect(error.message).toBe('Graph API error: 403 {"error":{"code":"Forbidden","message":"Missing scope ChatMessage.Send"}}');
    expect(error.kind).toBe('user');
    graph.respond(() => ({ status: 503, body: 'busy' }));
    expect((await failure({ chatId: '19:abc@thread.v2' })).kind).toBe('operational');
  });

  it("refuses what the spec refuses, with the spec's texts, before calling anyone", async () => {
    expect((await failure({ conversationType: 'chat', chatId: ' ' })).message).toBe('Conversation/Thread ID is required');
    expect((await failure({ conversationType: 'bot' })).message).toBe('Conversation/Thread ID is required');
    expect((await failure({ chatId: 'c', message: '' })).message).toBe('Message is required');
    expect((await failure({ conversationType: 'channel', channelOperation: 'replyToMessage', teamId: 't', channelId: 'c' })).message).toBe(
      'Channel ID, Message ID and message are required',
    );
    expect((await failure({ conversationType: 'channel', channelOperation: 'sendMessage', teamId: 't', channelId: 'c' })).message).toBe('Channel message is not supported yet');
    expect((await failure({ conversationType: 'channel', channelOperation: 'replyToMessage', teamId: ' ', channelId: 'c', messageId: 'm', message: 'x' })).message).toBe(
      'Missing required parameters',
    );
    expect((await failure({ chatId: 'c', chatOperation: 'deleteMessage' })).message).toBe('Invalid or not supported chat operation');
    expect((await failure({ conversationType: 'meeting' })).message).toBe('Invalid conversation type');
    expect((await failure({ chatId: 'c' }, context({ ...credential, tenant_id: 'common' }))).message).toBe('Tenant ID is not supported');
    expect((await failure({ chatId: 'c' }, context({ access_token: ACCESS }))).message).toBe('Invalid or Missing teams credentials');
    expect((await failure({ chatId: 'c', credentials: '' })).message).toBe('Invalid or Missing teams credentials');
    expect((await failure({ chatId: 'c' }, context({ tenant_id: TENANT }))).message).toBe('No access token available');
    expect(graph.seen.length + login.seen.length + bot.seen.length).toBe(0);
  });
});

describe('team messaging: bot conversations through the Bot Framework', () => {
  const values = { credentials: 'teams', conversationType: 'bot', conversationId: 'a:1Xk9_personal-conversation', message: '**Done**' };

  it("gets the app's token by client credentials, caches it, and posts a markdown activity", async () => {
    const first = await runNode(node, values, context());
    await runNode(node, { ...values, includePoweredBy: false }, context());
    expect(login.seen).toHaveLength(1);
    const [token] = login.seen;
    expect([token.method, token.url]).toEqual(['POST', `/${TENANT}/oauth2/v2.0/token`]);
    expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'app-client-id',
      client_secret: CLIENT_SECRET,
      scope: 'https://api.botframework.com/.default',
    });
    expect(bot.seen).toHaveLength(2);
    expect([bot.seen[0].method, bot.seen[0].url]).toEqual(['POST', `/${TENANT}/v3/conversations/a%3A1Xk9_personal-conversation/activities`]);
    expect(bot.seen[0].headers.authorization).toBe(`Bearer ${BOT_TOKEN}`);
    expect(JSON.parse(bot.seen[0].body)).toEqual({ type: 'message', text: '**Done**\n\n_Powered by weft_', textFormat: 'markdown' });
    expect(JSON.parse(bot.seen[1].body).text).toBe('**Done**');
    expect(first.output).toMatchObject({ id: '1:activity-id', chatId: 'a:1Xk9_personal-conversation' });
    expect(JSON.stringify(first)).not.toContain(BOT_TOKEN);
  });

  it('asks for a new token once the cached one is within five minutes of expiry', async () => {
    login.respond(() => ({ body: { token_type: 'Bearer', expires_in: 299, access_token: BOT_TOKEN } }));
    await runNode(node, values, context());
    await runNode(node, values, context());
    expect(login.seen).toHaveLength(2);
  });

  it("fails with 'Failed to acquire Bot Framework token' when the identity provider refuses, never echoing the secret", async () => {
    login.respond(() => ({ status: 401, body: { error: 'invalid_client', error_description: `AADSTS7000215: Invalid client secret ${CLIENT_SECRET}` } }));
    const error = await failure(values);
    expect([error.message, error.kind]).toEqual(['Failed to acquire Bot Framework token', 'user']);
    expect(bot.seen).toHaveLength(0);
  });

  it("fails with 'Bot API error' and the connector's status", async () => {
    bot.respond(() => ({ status: 404, body: { error: { code: 'ConversationNotFound', message: 'Conversation not found.' } } }));
    const error = await failure(values);
    expect(error.message).toBe('Bot API error: 404 {"error":{"code":"ConversationNotFound","message":"Conversation not found."}}');
    expect(error.kind).toBe('user');
  });

  it('needs the app’s client id and secret', async () => {
    expect((await failure(values, context({ tenant_id: TENANT, access_token: ACCESS }))).message).toBe('Invalid or Missing teams credentials');
  });
});
