/**
 * The SMTP password and the messaging provider's auth token never leave the server: flows
 * with the SMTP node (a real SMTP server) and the messaging provider node (a loopback server
 * speaking its API) run in production, sending and refused, and their credentials are
 * tested; then the answers, run
 * snapshots, run events, actors, history, logs, credential routes, everything printed and
 * every Redis key of the test are searched for the secrets.
 */
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTwilioLoopback, type TwilioLoopback } from '../../../catalogue/testing/twilio-loopback.ts';
import { startSmtpTestServer, type SmtpTestServer } from '../smtp/testing/smtp-test-server.ts';
import { capturePrinted, expectNoSecretIn, runTraces } from '../../testing/leak-check.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { redisDump } from '../../testing/redis-dump.ts';

const PASSWORD = 'smtp-leak-check-5b2d4f60a1';
let weft: TestWeft;
let redis: Redis;
let smtp: SmtpTestServer;
let twilio: TwilioLoopback;
let projectId = '';
let apiKey = '';
let printed: string[] = [];
const at = { x: 0, y: 0 };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });

beforeAll(async () => {
  printed = capturePrinted();
  smtp = await startSmtpTestServer({ password: PASSWORD });
  twilio = await startTwilioLoopback();
  weft = await startTestWeft({ smtpCa: smtp.ca, serviceUrls: { twilio: twilio.baseUrl }, outboundAllow: [smtp.host, twilio.host] });
  redis = new Redis(process.env.REDIS_URL!);
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Mail and SMS leak check' })).id;
  apiKey = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'leak' })).key;
  const credential = (name: string, credential_type: string, credentials: Record<string, unknown>) =>
    weft.api('POST', `/api/projects/${projectId}/credentials`, { name, credential_type, credentials });
  await credential('Mail', 'smtp', { senderEmail: 'bot@weft.test', senderName: 'Weft', host: '127.0.0.1', port: smtp.port, username: 'mailer', password: PASSWORD });
  await credential('Mail with a wrong password', 'smtp', { senderEmail: 'bot@weft.test', senderName: 'Weft', host: '127.0.0.1', port: smtp.port, username: 'mailer', password: `${PASSWORD}-wrong` });
  await credential('Twilio', 'messagingProvider', { accountSid: twilio.accountSid, authToken: twilio.authToken });
  await credential('Twilio with a wrong token', 'messagingProvider', { accountSid: twilio.accountSid, authToken: `${twilio.authToken}-wrong` });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await weft?.close();
  redis?.disconnect();
  await smtp?.close();
  await twilio?.close();
});

/** webhook → the node → API response of its whole output */
async function deploy(node: { type: string; values: Record<string, unknown> }): Promise<string> {
  const { id } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: `${node.type} ${Math.random()}`,
    nodes: [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} },
      { id: 'app_1', type: node.type, position: at, values: node.values },
      { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'result', value: '{{app_1.output}}' }] } },
    ],
    edges: [edge('e1', 'webhookTrigger_1', 'app_1'), edge('e2', 'app_1', 'apiResponse_1')],
  });
  await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
  return id;
}

const everythingAbout = (flowId: string, runId: string) => runTraces(weft, projectId, flowId, runId);

const secrets = () => [PASSWORD, twilio.authToken, Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')];
function expectNoSecret(where: Record<string, string>): void {
  expectNoSecretIn(where, Object.fromEntries(secrets().map((secret, i) => [`#${i + 1}`, secret])));
}

async function call(flowId: string) {
  const answer = await weft.request('POST', `/hook/${flowId}`, {}, { authorization: `Bearer ${apiKey}` });
  const body = await answer.text();
  return { status: answer.status, body, runId: answer.headers.get('x-weft-run-id')! };
}

describe('SMTP passwords and messaging tokens never leave the server', () => {
  it('a mail sent, and one refused for its password', async () => {
    const sent = await deploy({ type: 'smtpNode', values: { credentials: 'Mail', recipient_email: 'ada@example.com', subject: 'Hi', body: 'Hello' } });
    const ok = await call(sent);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ result: { successful: true, data: { accepted: ['ada@example.com'] } } });
    expect(smtp.mails.at(-1)?.parsed.subject).toBe('Hi');
    expectNoSecret({ answer: ok.body, ...(await everythingAbout(sent, ok.runId)) });

    const refused = await deploy({ type: 'smtpNode', values: { credentials: 'Mail with a wrong password', recipient_email: 'ada@example.com', subject: 'Hi', body: 'x' } });
    const failed = await call(refused);
    expect(failed.status).toBe(422);
    expect(JSON.parse(failed.body).error.message).toMatch(/SMTP error: Invalid login: 535/);
    expect(smtp.logins.some((l) => l.password === `${PASSWORD}-wrong`)).toBe(true);
    expectNoSecret({ answer: failed.body, ...(await everythingAbout(refused, failed.runId)) });
  });

  it('an SMS sent, and one refused for its token', async () => {
    const sms = { action: 'sms', to: '+14155550100', from: '+14155550199', body: 'Hello' };
    const sent = await deploy({ type: 'messagingNode', values: { credentials: 'Twilio', ...sms } });
    const ok = await call(sent);
    expect(JSON.parse(ok.body)).toMatchObject({ result: { message: 'SMS sent successfully', successful: true } });
    expectNoSecret({ answer: ok.body, ...(await everythingAbout(sent, ok.runId)) });

    const refused = await deploy({ type: 'messagingNode', values: { credentials: 'Twilio with a wrong token', ...sms } });
    const failed = await call(refused);
    expect(JSON.parse(failed.body)).toMatchObject({ result: { status: 'failed', successful: false, message: expect.stringMatching(/^SMS error: 401 /) } });
    expectNoSecret({ answer: failed.body, ...(await everythingAbout(refused, failed.runId)) });
  });

  it('credential tests answer no secret; nothing printed and nothing in Redis holds one', async () => {
    for (const [provider, name] of [['smtp', 'Mail'], ['smtp', 'Mail with a wrong password'], ['messagingProvider', 'Twilio'], ['messagingProvider', 'Twilio with a wrong token']]) {
      const answer = await (await weft.request('POST', `/api/testCreds/${provider}`, { payload: { projectId, name } })).text();
      expect(JSON.parse(answer).success).toBe(!name.includes('wrong'));
      expectNoSecret({ [`test of ${name}`]: answer });
    }
    expectNoSecret({ redis: await redisDump(redis, weft.prefix), printed: printed.join('\n') || '(nothing printed)' });
  });
});
