import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NodeError } from '../../errors.ts';
import { startLoopbackApi, type LoopbackApi } from '../../testing/loopback-api.ts';
import { runNode, testContext } from '../../testing/node-harness.ts';
import node from './run.ts';

const TOKEN = 'xoxb-1111-2222-secret-bot-token';
const credential = { access_token: TOKEN, refresh_token: 'xoxe-refresh-secret-0000', token_type: 'bot', scope: 'chat:write' };
let slack: LoopbackApi;

beforeAll(async () => {
  slack = await startLoopbackApi();
});
afterAll(() => slack.close());
beforeEach(() => void (slack.seen.length = 0));

const context = () =>
  testContext({
    serviceUrls: { slack: slack.url },
    allowOutbound: [slack.hostPort],
    credentials: { get: async (name) => (name === 'workspace' ? credential : Promise.reject(new Error(`No credentials found for ${name}`))) },
  });
const values = { credentials: 'workspace', channel_name: '#general', text: 'Hello *team*' };

describe('team chat message (Slack chat.postMessage)', () => {
  it('posts the channel and text as JSON with the bearer token and answers Slack’s message', async () => {
    slack.respond(() => ({ body: { ok: true, channel: 'C024BE91L', ts: '1503435956.000247', message: { text: 'Hello *team*', type: 'message' } } }));
    const result = await runNode(node, values, context());
    expect(slack.seen).toHaveLength(1);
    const [request] = slack.seen;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/chat.postMessage');
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(request.headers['idempotency-key']).toBe('run_test/node_1');
    expect(JSON.parse(request.body)).toEqual({ channel: '#general', text: 'Hello *team*' });
    expect(result.output).toEqual({ ok: true, channel: 'C024BE91L', ts: '1503435956.000247', message: { text: 'Hello *team*', type: 'message' } });
    expect(JSON.stringify(result)).not.toContain(TOKEN);
  });

  it('turns ok:false into a user error carrying Slack’s code', async () => {
    slack.respond(() => ({ body: { ok: false, error: 'channel_not_found' } }));
    const error = (await runNode(node, values, context()).catch((e: unknown) => e)) as NodeError;
    expect(error.message).toBe('Slack API error: channel_not_found');
    expect(error.kind).toBe('user');
    expect(error.message).not.toContain(TOKEN);
  });

  it('treats Slack’s own passing faults as operational', async () => {
    slack.respond(() => ({ body: { ok: false, error: 'internal_error' } }));
    const error = (await runNode(node, values, context()).catch((e: unknown) => e)) as NodeError;
    expect([error.message, error.kind]).toEqual(['Slack API error: internal_error', 'operational']);
  });

  it('waits out a rate limit as Retry-After says, then sends again', async () => {
    let calls = 0;
    slack.respond(() =>
      ++calls === 1
        ? { status: 429, headers: { 'retry-after': '1' }, body: { ok: false, error: 'ratelimited' } }
        : { body: { ok: true, channel: 'C1', ts: '1.2', message: { text: 'Hello *team*' } } },
    );
    const ctx = context();
    const started = Date.now();
    const result = await runNode(node, values, ctx);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(slack.seen).toHaveLength(2);
    expect(slack.seen[1].body).toBe(slack.seen[0].body);
    expect(ctx.progressed).toContain('Slack limits the rate: waiting 1 s before sending again');
    expect((result.output as { ts: string }).ts).toBe('1.2');
  });

  it('fails as operational when the rate limit asks for longer than 30 s', async () => {
    slack.respond(() => ({ status: 429, headers: { 'retry-after': '120' }, body: { ok: false, error: 'ratelimited' } }));
    const error = (await runNode(node, values, context()).catch((e: unknown) => e)) as NodeError;
    expect([error.message, error.kind]).toEqual(['Slack API error: ratelimited (Slack asks to retry after 120 s)', 'operational']);
    expect(slack.seen).toHaveLength(1);
  });

  it('refuses a credential without an access token, and a missing credential name', async () => {
    const ctx = testContext({ serviceUrls: { slack: slack.url }, allowOutbound: [slack.hostPort], credentials: { get: async () => ({ refresh_token: 'r' }) } });
    await expect(runNode(node, values, ctx)).rejects.toThrow('No access token available');
    await expect(runNode(node, { ...values, credentials: '' }, context())).rejects.toThrow('No credentials provided');
    await expect(runNode(node, { ...values, text: '' }, context())).rejects.toThrow('Text is required');
    expect(slack.seen).toHaveLength(0);
  });

  it('reports a 5xx answer with its status, as operational', async () => {
    slack.respond(() => ({ status: 503, body: 'down' }));
    const error = (await runNode(node, values, context()).catch((e: unknown) => e)) as NodeError;
    expect([error.message, error.kind]).toEqual(['Slack API error: 503 Service Unavailable', 'operational']);
  });
});
