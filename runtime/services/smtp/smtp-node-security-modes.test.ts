/**
 * The SMTP node's Security modes against real SMTP servers (smtp-server) on loopback: plain SMTP
 * only, STARTTLS with a certificate signed by a certificate authority made for the test (and
 * trusted only through the credential's CA certificate field), and implicit TLS. Each delivery is
 * read back as mailparser parsed it; each refusal is checked to have sent no password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllowList } from '../outbound/address-policy.ts';
import { smtpAccess, type SmtpPools } from './smtp-access.ts';
import { refuseClearLogin } from './smtp-security.ts';
import { startSmtpTestServer, type SmtpTestServer } from './testing/smtp-test-server.ts';
import { nodeFailure as failure, runNode, testContext } from '../../../catalogue/testing/node-harness.ts';
import { UNENCRYPTED_WARNING } from '../../../catalogue/services/smtp-security.ts';
import { smtpAccountOf } from '../../../catalogue/services/smtp.ts';
import smtpNode from '../../../catalogue/app/smtp-node/run.ts';

const PASSWORD = 'smtp-password-7f3a9c';
let plain: SmtpTestServer;
let starttls: SmtpTestServer;
let implicit: SmtpTestServer;
let pools: SmtpPools;

beforeAll(async () => {
  [plain, starttls, implicit] = await Promise.all([
    startSmtpTestServer({ plainOnly: true, authOptional: true }),
    startSmtpTestServer({ authOptional: true }),
    startSmtpTestServer({ implicitTls: true }),
  ]);
  // no CA trusted by the runtime itself: only what a credential gives
  pools = smtpAccess({ allow: new AllowList([plain.host, starttls.host, implicit.host]) });
});
afterAll(async () => {
  pools?.close();
  await Promise.all([plain?.close(), starttls?.close(), implicit?.close()]);
});

type Credential = Record<string, unknown>;
const login = { username: 'mailer', password: PASSWORD };
const credentialFor = (server: SmtpTestServer, fields: Credential): Credential => ({
  senderEmail: 'bot@weft.test', senderName: 'Weft Bot', host: '127.0.0.1', port: server.port, ...fields,
});

const MAIL = { recipient_email: 'ada@example.com, Bob <bob@example.org>', cc: 'carol@example.com', subject: 'Security ✓', body: '<p>Hello <b>Ada</b></p>', is_html: true };

function send(credential: Credential) {
  return runNode(smtpNode, { credentials: 'Mail', ...MAIL }, testContext({ services: { smtp: pools }, credentials: { get: async () => credential } }));
}

type Data = { messageId: string; accepted: string[]; encrypted: boolean; encryption: string; warning?: string };

/** the mail the server got for this output: headers, HTML, envelope; whether it came over TLS and logged in */
function delivered(server: SmtpTestServer, data: Data) {
  const mail = server.mails.find((m) => m.parsed.messageId === data.messageId);
  expect(mail, 'the mail arrived').toBeDefined();
  const { parsed } = mail!;
  expect(parsed.from?.value).toEqual([{ address: 'bot@weft.test', name: 'Weft Bot' }]);
  expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : []).toEqual([{ address: 'ada@example.com', name: '' }, { address: 'bob@example.org', name: 'Bob' }]);
  expect(parsed.cc && !Array.isArray(parsed.cc) ? parsed.cc.value : []).toEqual([{ address: 'carol@example.com', name: '' }]);
  expect(parsed.subject).toBe('Security ✓');
  expect(parsed.html).toContain('<p>Hello <b>Ada</b></p>');
  expect(parsed.text?.trim()).toBe('Hello Ada');
  expect(mail!.recipients).toEqual(['ada@example.com', 'bob@example.org', 'carol@example.com']);
  return mail!;
}

const dataOf = (result: { output: unknown }) => (result.output as { successful: boolean; data: Data }).data;

describe('a plain SMTP server (no STARTTLS)', () => {
  it('Security "None" with a login to a host the operator allows: delivered, and the output says it was not encrypted', async () => {
    const result = await send(credentialFor(plain, { ...login, security: 'none' }));
    const data = dataOf(result);
    expect(result.output).toMatchObject({ successful: true, data: { encrypted: false, encryption: 'none', warning: UNENCRYPTED_WARNING } });
    const mail = delivered(plain, data);
    expect(mail.secure).toBe(false);
    expect(mail.user).toBe('mailer');
    expect(plain.logins.at(-1)).toEqual({ user: 'mailer', password: PASSWORD, secure: false });
  });

  it('Security "STARTTLS required" (and a credential without the field): a clear error naming the mode, no password sent', async () => {
    plain.logins.length = 0;
    const mails = plain.mails.length;
    for (const security of ['starttls', undefined]) {
      const error = await failure(send(credentialFor(plain, { ...login, security })));
      expect(error.kind).toBe('user');
      expect(error.message).toMatch(new RegExp(`^SMTP error: 127\\.0\\.0\\.1:${plain.port} offers no STARTTLS \\(it answered '5\\d\\d .*' to STARTTLS\\), and the credential's Security "STARTTLS required" insists on it\\.`));
      expect(error.message).toContain('choose Security "STARTTLS when offered" (mail without a login) or "None (unencrypted)"');
    }
    expect(plain.logins).toEqual([]);
    expect(plain.mails).toHaveLength(mails);
  });

  it('Security "STARTTLS when offered" without a login: delivered unencrypted, said so; with a login: refused before the password', async () => {
    const result = await send(credentialFor(plain, { security: 'starttlsWhenOffered' }));
    expect(dataOf(result)).toMatchObject({ encrypted: false, encryption: 'none', warning: UNENCRYPTED_WARNING });
    const mail = delivered(plain, dataOf(result));
    expect(mail.secure).toBe(false);
    expect(mail.user).toBe('');

    plain.logins.length = 0;
    const error = await failure(send(credentialFor(plain, { ...login, security: 'starttlsWhenOffered' })));
    expect(error.message).toMatch(/offers no STARTTLS .*so the password would cross unencrypted: Security "STARTTLS when offered" logs in only over TLS/);
    expect(plain.logins).toEqual([]);
  });
});

describe('a STARTTLS server with a certificate from a private authority', () => {
  it('trusts the authority given in the credential’s CA certificate field: delivered over TLS, logged in', async () => {
    const result = await send(credentialFor(starttls, { ...login, security: 'starttls', caCertificate: starttls.ca }));
    expect(result.output).toMatchObject({ successful: true, data: { encrypted: true, encryption: 'STARTTLS' } });
    expect(dataOf(result).warning).toBeUndefined();
    const mail = delivered(starttls, dataOf(result));
    expect(mail.secure).toBe(true);
    expect(starttls.logins.at(-1)).toEqual({ user: 'mailer', password: PASSWORD, secure: true });
  });

  it('without the CA certificate: a certificate error that points at the field, and no password sent — in every TLS mode', async () => {
    starttls.logins.length = 0;
    const mails = starttls.mails.length;
    for (const fields of [{ ...login, security: 'starttls' }, { security: 'starttlsWhenOffered' }]) {
      const error = await failure(send(credentialFor(starttls, fields)));
      expect(error.kind).toBe('user');
      expect(error.message).toMatch(/^SMTP error: unable to verify the first certificate: the certificate of 127\.0\.0\.1:\d+ is not signed by an authority weft trusts/);
      expect(error.message).toContain("paste that authority's certificate (PEM) into the credential's CA certificate field");
    }
    // "when offered" does not fall back to clear text when the certificate fails
    expect(starttls.logins).toEqual([]);
    expect(starttls.mails).toHaveLength(mails);
  });

  it('Security "STARTTLS when offered" without a login uses STARTTLS when the server offers it', async () => {
    const result = await send(credentialFor(starttls, { security: 'starttlsWhenOffered', caCertificate: starttls.ca }));
    expect(dataOf(result)).toMatchObject({ encrypted: true, encryption: 'STARTTLS' });
    expect(delivered(starttls, dataOf(result)).secure).toBe(true);
  });

  it('Security "None" never starts TLS, even where it is offered', async () => {
    const result = await send(credentialFor(starttls, { security: 'none', caCertificate: starttls.ca }));
    expect(dataOf(result)).toMatchObject({ encrypted: false, encryption: 'none', warning: UNENCRYPTED_WARNING });
    expect(delivered(starttls, dataOf(result)).secure).toBe(false);
  });
});

describe('an implicit TLS server', () => {
  it('Security "Implicit TLS" with the CA certificate: delivered over TLS from the first byte', async () => {
    const result = await send(credentialFor(implicit, { ...login, security: 'implicitTls', caCertificate: implicit.ca }));
    expect(result.output).toMatchObject({ successful: true, data: { encrypted: true, encryption: 'implicit TLS' } });
    const mail = delivered(implicit, dataOf(result));
    expect(mail.secure).toBe(true);
    expect(implicit.logins.at(-1)).toEqual({ user: 'mailer', password: PASSWORD, secure: true });
  });
});

describe('a Security that does not match the server', () => {
  it('names the mode to choose: implicit TLS to a plain server, STARTTLS to one that waits for TLS', async () => {
    const wrongTls = await failure(send(credentialFor(plain, { security: 'implicitTls' })));
    expect(wrongTls.message).toBe(`SMTP error: 127.0.0.1:${plain.port} does not speak TLS from the first byte, which the credential's Security "Implicit TLS" expects. Ports 587 and 25 usually take Security "STARTTLS required"`);
    const impatient = smtpAccess({ allow: new AllowList([implicit.host]), greetingMs: 300 });
    const run = runNode(smtpNode, { credentials: 'Mail', ...MAIL }, testContext({ services: { smtp: impatient }, credentials: { get: async () => credentialFor(implicit, { ...login, security: 'starttls' }) } }));
    const silent = await failure(run);
    impatient.close();
    expect(silent.kind).toBe('timeout');
    expect(silent.message).toBe(`SMTP error: Greeting never received from 127.0.0.1:${implicit.port}. A server that speaks TLS from the first byte (usually port 465) needs Security "Implicit TLS" (the credential's is "STARTTLS required")`);
  });
});

describe('the credential’s Security, read', () => {
  it('defaults to implicit TLS on port 465 and STARTTLS required elsewhere; names an unknown mode, a bad CA, half a login', () => {
    const base = { senderEmail: 'bot@weft.test', senderName: 'Bot', host: 'smtp.example.com', ...login };
    expect(smtpAccountOf({ ...base, port: 465 }).security).toBe('implicitTls');
    expect(smtpAccountOf({ ...base, port: '587' }).security).toBe('starttls');
    expect(smtpAccountOf({ ...base, port: 465, security: 'starttls' }).security).toBe('starttls');
    expect(() => smtpAccountOf({ ...base, port: 25, security: 'tls-ish' })).toThrow('The SMTP credential’s Security must be one of: implicitTls, starttls, starttlsWhenOffered, none');
    expect(() => smtpAccountOf({ ...base, port: 25, caCertificate: 'not a certificate' })).toThrow(/^The SMTP credential’s CA certificate must be PEM text/);
    expect(() => smtpAccountOf({ ...base, port: 25, password: '' })).toThrow('The SMTP credential has no Password');
    expect(smtpAccountOf({ ...base, port: 25, username: '', password: '' }).login).toBeUndefined();
  });

  it('refuses a login without TLS to a host the operator did not allow, before connecting (no network: a documentation address)', () => {
    const account = smtpAccountOf({ senderEmail: 'bot@weft.test', senderName: 'Bot', host: '203.0.113.10', port: 25, ...login, security: 'none' });
    expect(() => refuseClearLogin(new AllowList([]), account, '203.0.113.10')).toThrow(
      'SMTP error: Security "None (unencrypted)" would send the password to 203.0.113.10:25 unencrypted, which weft does only for a host the operator allows with WEFT_OUTBOUND_ALLOW.',
    );
    expect(() => refuseClearLogin(new AllowList(['203.0.113.0/24']), account, '203.0.113.10')).not.toThrow();
    expect(() => refuseClearLogin(new AllowList([]), { ...account, login: undefined }, '203.0.113.10')).not.toThrow();
    expect(() => refuseClearLogin(new AllowList([]), { ...account, security: 'starttls' }, '203.0.113.10')).not.toThrow();
  });
});
