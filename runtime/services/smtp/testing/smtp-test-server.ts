/**
 * @module runtime/services/smtp/testing/smtp-test-server — a real SMTP server (the smtp-server library)
 * on loopback for tests: STARTTLS (or implicit TLS, or plain SMTP only) with a certificate for
 * 127.0.0.1 signed by a certificate authority made at start (openssl; no key is kept on disk),
 * one account it accepts, and every mail it receives parsed by mailparser, with its envelope.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  /** the certificate of the authority that signed the server's, to trust */
  ca: string;
  mails: ReceivedMail[];
  /** every login tried: user and password as sent */
  logins: Array<{ user: string; password: string; secure: boolean }>;
  /** connections opened */
  connections: number;
  /** connections that failed on the server's side (a client hanging up during TLS) */
  connectionErrors: string[];
  close(): Promise<void>;
}

export interface SmtpTestServerOptions {
  user?: string;
  password?: string;
  /** offer no STARTTLS: plain SMTP only (a login is taken in clear text, for weft to refuse or allow) */
  plainOnly?: boolean;
  /** TLS from the first byte (as on port 465) */
  implicitTls?: boolean;
  /** take mail without a login (a relay such as Mailpit or a local postfix) */
  authOptional?: boolean;
}

/** A certificate authority and a certificate for 127.0.0.1 and localhost signed by it (EC keys: quick to make). */
function certificates(): { key: string; cert: string; ca: string } {
  const dir = mkdtempSync(join(tmpdir(), 'weft-smtp-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    openssl('req', '-x509', ...ec, '-days', '1', '-subj', '/CN=weft test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign', '-keyout', at('ca.key'), '-out', at('ca.pem'));
    openssl('req', ...ec, '-subj', '/CN=localhost', '-keyout', at('key.pem'), '-out', at('leaf.csr'));
    writeFileSync(at('leaf.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
    openssl('x509', '-req', '-in', at('leaf.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial', '-days', '1', '-extfile', at('leaf.ext'), '-out', at('cert.pem'));
    const read = (name: string) => readFileSync(at(name), 'utf8');
    return { key: read('key.pem'), cert: read('cert.pem'), ca: read('ca.pem') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const user = options.user ?? 'mailer';
  const password = options.password ?? 'smtp-password-7f3a9c';
  const { key, cert, ca } = certificates();
  const mails: ReceivedMail[] = [];
  const logins: SmtpTestServer['logins'] = [];
  const state = { connections: 0 };
  const connectionErrors: string[] = [];
  const server = new SMTPServer({
    key,
    cert,
    secure: options.implicitTls ?? false,
    disabledCommands: options.plainOnly ? ['STARTTLS'] : [],
    // the plain-only server takes a login in the clear: weft must not send one unless allowed to
    allowInsecureAuth: options.plainOnly ?? false,
    authOptional: options.authOptional ?? false,
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
  // a client that hangs up mid-handshake (a refusal's test) is an 'error' of the server: not the test's failure
  server.on('error', (error: Error) => connectionErrors.push(error.message));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    host: `127.0.0.1:${port}`,
    ca,
    mails,
    logins,
    get connections() {
      return state.connections;
    },
    connectionErrors,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
