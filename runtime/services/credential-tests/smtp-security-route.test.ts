/**
 * The SMTP credential's Security and CA certificate through the whole server: POST
 * /api/testCreds/smtp says how it connected (real smtp-server peers on loopback: plain SMTP,
 * STARTTLS with a test authority's certificate, implicit TLS; the runtime trusts no extra
 * authority, only the credential's), and a save or test with an unknown mode or a CA
 * certificate that is not PEM is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpTestServer, type SmtpTestServer } from '../smtp/testing/smtp-test-server.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let plain: SmtpTestServer;
let starttls: SmtpTestServer;
let implicit: SmtpTestServer;
let projectId = '';

beforeAll(async () => {
  [plain, starttls, implicit] = await Promise.all([
    startSmtpTestServer({ plainOnly: true }),
    startSmtpTestServer(),
    startSmtpTestServer({ implicitTls: true }),
  ]);
  weft = await startTestWeft({ outboundAllow: [plain.host, starttls.host, implicit.host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'SMTP security' })).id;
});
afterAll(async () => {
  await weft?.close();
  await Promise.all([plain?.close(), starttls?.close(), implicit?.close()]);
});

const fields = (server: SmtpTestServer, extra: Record<string, unknown>) => ({
  senderEmail: 'bot@weft.test', senderName: 'Weft Bot', host: '127.0.0.1', port: server.port, username: 'mailer', password: 'smtp-password-7f3a9c', ...extra,
});
const test = (credentials: Record<string, unknown>) => weft.request('POST', '/api/testCreds/smtp', { payload: { projectId, credentials } });
const save = (name: string, credentials: Record<string, unknown>) =>
  weft.request('POST', `/api/projects/${projectId}/credentials`, { name, credential_type: 'smtp', credentials });
async function answer(credentials: Record<string, unknown>) {
  const response = await test(credentials);
  expect(response.status).toBe(200);
  return (await response.json()) as { success: boolean; message: string };
}
async function refusal(response: Response) {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { message: string; fields: string[] } }).error;
}

describe('POST /api/testCreds/smtp says how it connected', () => {
  it('with STARTTLS, the authority trusted through the CA certificate field', async () => {
    expect(await answer(fields(starttls, { security: 'starttls', caCertificate: starttls.ca }))).toEqual({
      success: true,
      message: `The credential works: Connected with STARTTLS to 127.0.0.1:${starttls.port}, logged in as mailer`,
    });
    expect(starttls.logins.at(-1)?.secure).toBe(true);
    const untrusted = await answer(fields(starttls, { security: 'starttls' }));
    expect(untrusted.success).toBe(false);
    expect(untrusted.message).toContain("into the credential's CA certificate field");
  });

  it('with implicit TLS', async () => {
    expect(await answer(fields(implicit, { security: 'implicitTls', caCertificate: implicit.ca }))).toEqual({
      success: true,
      message: `The credential works: Connected with implicit TLS to 127.0.0.1:${implicit.port}, logged in as mailer`,
    });
  });

  it('without encryption (Security "None", a host the operator allows), and refuses STARTTLS required there', async () => {
    expect(await answer(fields(plain, { security: 'none' }))).toEqual({
      success: true,
      message: `The credential works: Connected without encryption to 127.0.0.1:${plain.port}, logged in as mailer (mail crosses the network in clear text)`,
    });
    expect(plain.logins.at(-1)).toMatchObject({ user: 'mailer', secure: false });
    plain.logins.length = 0;
    const refused = await answer(fields(plain, { security: 'starttls' }));
    expect(refused.success).toBe(false);
    expect(refused.message).toMatch(/offers no STARTTLS .*Security "STARTTLS required" insists on it/);
    expect(plain.logins).toEqual([]);
  });
});

describe('an SMTP credential with a wrong Security or CA certificate', () => {
  it('is a 400 naming the field, on test and on save', async () => {
    for (const send of [test, (credentials: Record<string, unknown>) => save('Mail', credentials)]) {
      const mode = await refusal(await send(fields(starttls, { security: 'ssl-please' })));
      expect(mode).toMatchObject({ message: 'Invalid SMTP credentials: Security must be one of: implicitTls, starttls, starttlsWhenOffered, none', fields: ['security'] });
      const pem = await refusal(await send(fields(starttls, { caCertificate: '-----BEGIN CERTIFICATE-----\nnot base64 at all!\n-----END CERTIFICATE-----' })));
      expect(pem).toMatchObject({ message: 'Invalid SMTP credentials: CA certificate cannot be read: PEM routines::bad base64 decode', fields: ['caCertificate'] });
      const text = await refusal(await send(fields(starttls, { caCertificate: 'my CA' })));
      expect(text.fields).toEqual(['caCertificate']);
      expect(text.message).toMatch(/^Invalid SMTP credentials: CA certificate must be PEM text/);
      const half = await refusal(await send(fields(starttls, { password: '' })));
      expect(half).toMatchObject({ message: 'Invalid SMTP credentials: Password is required with a Username', fields: ['password'] });
    }
  });

  it('never stores a private key pasted into the (unmasked) CA certificate field, nor answers it', async () => {
    const key = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----';
    const response = await save('Keyed', fields(starttls, { caCertificate: `${starttls.ca}\n${key}` }));
    const error = await refusal(response);
    expect(error).toMatchObject({ message: 'Invalid SMTP credentials: CA certificate must hold certificates only (-----BEGIN CERTIFICATE-----), not a private key', fields: ['caCertificate'] });
    expect(JSON.stringify(error)).not.toContain('MIGHAgEA');
  });

  it('saves a good one, the CA certificate shown as stored and the mode kept', async () => {
    const response = await save('Relay', fields(starttls, { security: 'starttlsWhenOffered', caCertificate: `\n${starttls.ca}\n` }));
    expect(response.status).toBe(201);
    const saved = (await response.json()) as { credentials: Record<string, unknown> };
    expect(saved.credentials).toMatchObject({ security: 'starttlsWhenOffered', caCertificate: starttls.ca.trim() });
    // without a login, "when offered" tells what the server offered
    const { username: _u, password: _p, ...noLogin } = fields(starttls, { security: 'starttlsWhenOffered', caCertificate: starttls.ca });
    expect(await answer(noLogin)).toEqual({ success: true, message: `The credential works: Connected with STARTTLS to 127.0.0.1:${starttls.port}, no login` });
    expect(await answer({ ...noLogin, port: plain.port })).toEqual({
      success: true,
      message: `The credential works: Connected without encryption to 127.0.0.1:${plain.port}, no login (mail crosses the network in clear text)`,
    });
  });
});
