/**
 * The SMTP node against a real SMTP server (smtp-server, STARTTLS, one account) on loopback:
 * what arrives (headers, cc, bcc, HTML), the login, pooling, the address policy, refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllowList } from '../outbound/address-policy.ts';
import { smtpAccess, type SmtpPools } from './smtp-access.ts';
import { startSmtpTestServer, type SmtpTestServer } from './testing/smtp-test-server.ts';
import { nodeFailure as failure, runNode, testContext } from '../../../catalogue/testing/node-harness.ts';
import type { Values } from '../../../catalogue/types.ts';
import smtpNode from '../../../catalogue/app/smtp-node/run.ts';

let server: SmtpTestServer;
let plain: SmtpTestServer;
let pools: SmtpPools;
const PASSWORD = 'smtp-password-7f3a9c';

const account = (port: number, password = PASSWORD) => ({
  senderEmail: 'bot@weft.test', senderName: 'Weft Bot', host: '127.0.0.1', port, username: 'mailer', password,
});

function contextFor(credential: Record<string, unknown>, smtp = pools) {
  return testContext({
    services: { smtp },
    credentials: {
      async get(name) {
        if (name !== 'Mail') throw new Error(`No credentials found for ${name}`);
        return credential;
      },
    },
  });
}

const run = (values: Values, credential: Record<string, unknown> = account(server.port), smtp = pools) =>
  runNode(smtpNode, { credentials: 'Mail', ...values }, contextFor(credential, smtp));

beforeAll(async () => {
  server = await startSmtpTestServer();
  plain = await startSmtpTestServer({ plainOnly: true });
  pools = smtpAccess({ allow: new AllowList([server.host, plain.host]), ca: server.ca });
});
afterAll(async () => {
  pools?.close();
  await server?.close();
  await plain?.close();
});

describe('the SMTP node', () => {
  it('sends an HTML mail with cc and bcc over STARTTLS, logged in, from the sender of the credential', async () => {
    server.mails.length = 0;
    const result = await run({
      recipient_email: 'ada@example.com, Bob Jones <bob@example.org>',
      cc: 'carol@example.com',
      bcc: 'dave@example.net; eve@example.net',
      subject: 'Quarterly report ✓',
      body: '<h1>Hello</h1><p>See the <b>numbers</b>.</p>',
      is_html: true,
    });
    expect(result.output).toMatchObject({
      successful: true,
      data: { accepted: ['ada@example.com', 'bob@example.org', 'carol@example.com', 'dave@example.net', 'eve@example.net'], rejected: [], encrypted: true, encryption: 'STARTTLS' },
    });
    const { messageId, response } = (result.output as { data: { messageId: string; response: string } }).data;
    expect(messageId).toMatch(/^<.+@.+>$/);
    expect(response).toMatch(/^250/);

    expect(server.mails).toHaveLength(1);
    const [mail] = server.mails;
    expect(mail.secure).toBe(true);
    expect(mail.user).toBe('mailer');
    expect(mail.from).toBe('bot@weft.test');
    expect(mail.recipients).toEqual(['ada@example.com', 'bob@example.org', 'carol@example.com', 'dave@example.net', 'eve@example.net']);
    const parsed = mail.parsed;
    expect(parsed.from?.value).toEqual([{ address: 'bot@weft.test', name: 'Weft Bot' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : []).toEqual([
      { address: 'ada@example.com', name: '' },
      { address: 'bob@example.org', name: 'Bob Jones' },
    ]);
    expect(parsed.cc && !Array.isArray(parsed.cc) ? parsed.cc.value : []).toEqual([{ address: 'carol@example.com', name: '' }]);
    // bcc recipients get the mail but are in no header
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(parsed.subject).toBe('Quarterly report ✓');
    expect(parsed.messageId).toBe(messageId);
    expect(parsed.html).toContain('<h1>Hello</h1><p>See the <b>numbers</b>.</p>');
    expect(server.logins.at(-1)).toEqual({ user: 'mailer', password: PASSWORD, secure: true });
  });

  it('sends plain text when the body is not HTML, and takes the port as text', async () => {
    server.mails.length = 0;
    const credential = { ...account(server.port), port: String(server.port) };
    await run({ recipient_email: 'ada@example.com', subject: 'Plain', body: 'Line one\nLine <two>' }, credential);
    const parsed = server.mails[0].parsed;
    expect(parsed.text?.trim()).toBe('Line one\nLine <two>');
    expect(parsed.html).toBe(false);
  });

  it('keeps one pooled connection for several mails of an account, and closes the pool when idle', async () => {
    const local = smtpAccess({ allow: new AllowList([server.host]), ca: server.ca, idleMs: 300 });
    const before = server.connections;
    for (const n of [1, 2, 3]) await run({ recipient_email: 'ada@example.com', subject: `Mail ${n}`, body: 'x' }, account(server.port), local);
    expect(server.connections - before).toBe(1);
    expect(local.openPools).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(local.openPools).toBe(0);
    local.close();
  });

  it('fails with the server’s refusal on a wrong password, and the password is in no error', async () => {
    const error = await failure(run({ recipient_email: 'ada@example.com', subject: 'x', body: 'x' }, account(server.port, 'wrong-password-123')));
    expect(error.kind).toBe('user');
    expect(error.message).toMatch(/^SMTP error: Invalid login: 535 5\.7\.8 Authentication credentials invalid/);
    expect(error.message).not.toContain('wrong-password-123');
  });

  it('refuses a server that offers no STARTTLS on a port other than 465, before sending the password', async () => {
    plain.logins.length = 0;
    const error = await failure(run({ recipient_email: 'ada@example.com', subject: 'x', body: 'x' }, account(plain.port)));
    expect(error.message).toMatch(/^SMTP error: 127\.0\.0\.1:\d+ offers no STARTTLS .*Security "STARTTLS required" insists on it/);
    expect(plain.logins).toEqual([]);
    expect(plain.mails).toEqual([]);
  });

  it('refuses a server whose certificate it cannot verify', async () => {
    const untrusting = smtpAccess({ allow: new AllowList([server.host]) });
    server.logins.length = 0;
    const error = await failure(run({ recipient_email: 'ada@example.com', subject: 'x', body: 'x' }, account(server.port), untrusting));
    expect(error.message).toMatch(/^SMTP error: unable to verify the first certificate: .* paste that authority's certificate \(PEM\) into the credential's CA certificate field$/);
    expect(server.logins).toEqual([]);
    untrusting.close();
  });

  it('refuses loopback unless the operator allows it, and never connects', async () => {
    const strict = smtpAccess({ allow: new AllowList([]), ca: server.ca });
    const before = server.connections;
    const error = await failure(run({ recipient_email: 'ada@example.com', subject: 'x', body: 'x' }, account(server.port), strict));
    expect(error.kind).toBe('user');
    expect(error.message).toBe('Refused to call 127.0.0.1: loopback address; the operator can allow it with WEFT_OUTBOUND_ALLOW');
    expect(server.connections).toBe(before);
    strict.close();
  });

  it('names a bad address and a credential that lacks a field', async () => {
    await expect(run({ recipient_email: 'ada@example.com, not-an-address', subject: 'x', body: 'x' })).rejects.toThrow("To: 'not-an-address' is not an email address");
    await expect(run({ recipient_email: 'ada@example.com', subject: 'x' }, { ...account(server.port), host: '' })).rejects.toThrow('The SMTP credential has no Host');
    await expect(run({ recipient_email: 'ada@example.com', subject: 'x' }, { ...account(server.port), username: '' })).rejects.toThrow('The SMTP credential has no Username');
    await expect(run({ subject: 'x' })).rejects.toThrow('To is required');
  });
});
