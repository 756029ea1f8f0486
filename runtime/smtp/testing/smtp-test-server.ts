/**
 * @module runtime/smtp/testing/smtp-test-server — a real SMTP server (the smtp-server library)
 * on loopback for tests: STARTTLS with a certificate made for 127.0.0.1 at start (openssl),
 * one account it accepts, and every mail it receives parsed by mailparser, with its envelope.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  parsed: ParsedMail;
  from: string;
  recipients: string[];
  /** the session had switched to TLS before the mail came */
  secure: boolean;
  user: string;
}

export interface SmtpTestServer {
  port: number;
  /** WEFT_OUTBOUND_ALLOW entry for it */
  host: string;
  /** the server's certificate, to trust */
  ca: string;
  mails: ReceivedMail[];
  /** every login tried: user and password as sent */
  logins: Array<{ user: string; password: string; secure: boolean }>;
  /** connections opened */
  connections: number;
  close(): Promise<void>;
}

export interface SmtpTestServerOptions {
  user?: string;
  password?: string;
  /** offer no STARTTLS (a server weft must refuse to log in to) */
  plainOnly?: boolean;
}

/** a self-signed certificate for 127.0.0.1 and localhost */
function certificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'weft-smtp-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const user = options.user ?? 'mailer';
  const password = options.password ?? 'smtp-password-7f3a9c';
  const { key, cert } = certificate();
  const mails: ReceivedMail[] = [];
  const logins: SmtpTestServer['logins'] = [];
  const state = { connections: 0 };
  const server = new SMTPServer({
    key,
    cert,
    secure: false,
    disabledCommands: options.plainOnly ? ['STARTTLS'] : [],
    // the plain-only server would take a login in the clear: weft must not try
    allowInsecureAuth: options.plainOnly ?? false,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onConnect(_session, callback) {
      state.connections += 1;
      callback();
    },
    onAuth(auth, session, callback) {
      logins.push({ user: auth.username ?? '', password: auth.password ?? '', secure: session.secure });
      if (auth.username === user && auth.password === password) return callback(null, { user });
      const refused = Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 });
      callback(refused);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            parsed,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            recipients: session.envelope.rcptTo.map((r) => r.address),
            secure: session.secure,
            user: String(session.user ?? ''),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    host: `127.0.0.1:${port}`,
    ca: cert,
    mails,
    logins,
    get connections() {
      return state.connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
