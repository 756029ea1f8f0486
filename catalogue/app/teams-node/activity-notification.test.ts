/**
 * The Teams node's `notify`: after a chat message, POST /chats/{id}/sendActivityNotification with
 * the documented systemDefault activity, against a loopback server speaking Microsoft Graph.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NodeError } from '../../errors.ts';
import { startLoopbackApi, type LoopbackApi } from '../../testing/loopback-api.ts';
import { runNode, testContext } from '../../testing/node-harness.ts';
import { notificationText } from './activity-notification.ts';
import node from './run.ts';

const ACCESS = 'graph-access-token-for-notifications-0123456789';
const CHAT = '19:abc@thread.v2';
const WEB_URL = 'https://teams.microsoft.com/l/message/19%3Aabc%40thread.v2/1616990032035?context=%7B%22contextType%22%3A%22chat%22%7D';
const credential = { access_token: ACCESS, tenant_id: '72f988bf-86f1-41af-91ab-2d7cd011db47', client_id: 'app', client_secret: 'app-secret' };

let graph: LoopbackApi;
let notification: { status: number; body: unknown } = { status: 204, body: undefined };
let webUrl: string | null = WEB_URL;

beforeAll(async () => {
  graph = await startLoopbackApi((request) =>
    request.url.endsWith('/messages')
      ? { status: 201, body: { id: '1616990032035', chatId: CHAT, webUrl, body: { contentType: 'html', content: 'x' } } }
      : notification,
  );
});
afterAll(() => graph.close());
beforeEach(() => {
  graph.seen.length = 0;
  notification = { status: 204, body: undefined };
  webUrl = WEB_URL;
});

const ctx = () =>
  testContext({ serviceUrls: { graph: graph.url }, allowOutbound: [graph.hostPort], credentials: { get: async () => credential } });
const send = (values: Record<string, unknown>) =>
  runNode(node, { credentials: 'teams', conversationType: 'chat', chatId: CHAT, includePoweredBy: false, ...values }, ctx());

describe('team messaging: activity notifications', () => {
  it('notifies the chat members after sending, with the systemDefault text of the message (150 characters at most)', async () => {
    const message = `<p>Deploy <b>v2</b> needs approval &amp; a review</p>${' now'.repeat(60)}`;
    const result = await send({ message, notify: true });
    expect(result.output).toMatchObject({ id: '1616990032035', webUrl: WEB_URL });
    expect(graph.seen.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/chats/19%3Aabc%40thread.v2/messages'],
      ['POST', '/chats/19%3Aabc%40thread.v2/sendActivityNotification'],
    ]);
    const text = `Deploy v2 needs approval & a review${' now'.repeat(60)}`.slice(0, 150);
    expect(JSON.parse(graph.seen[1].body)).toEqual({
      topic: { source: 'text', value: 'New message', webUrl: WEB_URL },
      activityType: 'systemDefault',
      previewText: { content: text },
      recipient: { '@odata.type': 'microsoft.graph.chatMembersNotificationRecipient', chatId: CHAT },
      templateParameters: [{ name: 'systemDefaultText', value: text }],
    });
    expect(graph.seen[1].headers.authorization).toBe(`Bearer ${ACCESS}`);
  });

  it('points at the chat itself when the message has no webUrl; sends no notification when notify is off', async () => {
    webUrl = null;
    await send({ message: 'Hi', notify: true });
    expect(JSON.parse(graph.seen[1].body).topic).toEqual({ source: 'entityUrl', value: `${graph.url}/chats/19%3Aabc%40thread.v2` });
    graph.seen.length = 0;
    await send({ message: 'Hi' });
    expect(graph.seen.map((r) => r.url)).toEqual(['/chats/19%3Aabc%40thread.v2/messages']);
  });

  it("says the message was sent when Graph refuses the notification, with Graph's status and text", async () => {
    notification = { status: 403, body: { error: { code: 'Forbidden', message: 'Missing role permissions' } } };
    const error = (await send({ message: 'Hi', notify: true }).catch((e: unknown) => e)) as NodeError;
    expect(error.message).toBe('The message was sent, but the chat was not notified: Graph API error: 403 {"error":{"code":"Forbidden","message":"Missing role permissions"}}');
  });

  it('makes plain text of HTML', () => {
    expect(notificationText('<p>a&nbsp;&lt;b&gt;</p>\n<p>c</p>')).toBe('a <b> c');
  });
});
