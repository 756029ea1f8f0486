/**
 * @module runtime/services/smtp/smtp-access — mail servers for the SMTP node and its credential test
 * (`ctx.services.smtp`, catalogue/services/smtp.ts), over nodemailer.
 *
 * - Address policy: the host is resolved and checked as ctx.http checks URLs
 *   (runtime/services/outbound/allowed-address.ts); nodemailer connects to that checked address, the
 *   host name kept for TLS (SNI and the certificate's name).
 * - TLS: as the credential's Security says (implicit TLS, STARTTLS required, STARTTLS when
 *   offered, none; smtp-security.ts), a password only ever over TLS unless the operator allows
 *   the host. Certificates are verified (TLS 1.2 or later), against the system's authorities
 *   and the credential's CA certificate. What a connection really was is reported
 *   (`encryption`): known from the mode, or, for STARTTLS when offered without a login, from
 *   whether a TLS handshake happened on that send's own connection.
 * - Pooling: one nodemailer pool per account (host, checked address, port, login), at most
 *   POOL.maxConnections connections; a connection idle for POOL.idleMs is closed, and a pool
 *   unused that long is closed and forgotten (so a changed password leaves nothing open).
 * - Timeouts: connect, greeting and socket inactivity (TIMEOUTS), and a whole send at most
 *   TIMEOUTS.sendMs.
 */
import { createHash } from 'node:crypto';
import { createTransport, type Transporter } from 'nodemailer';
import { NodeError, operationalError, timeoutError, userError } from '../../../catalogue/errors.ts';
import type { MailMessage, SentMail, SmtpAccess, SmtpAccount, SmtpConnectionInfo } from '../../../catalogue/services/smtp.ts';
import type { AllowList } from '../outbound/address-policy.ts';
import { allowedAddress } from '../outbound/allowed-address.ts';
import { plannedEncryption, refuseClearLogin, securityFailure, securitySettings, type HandshakeWatch } from './smtp-security.ts';

export const TIMEOUTS = { connectMs: 10_000, greetingMs: 10_000, socketMs: 30_000, sendMs: 60_000 };
export const POOL = { maxConnections: 3, idleMs: 60_000 };

export interface SmtpAccessOptions {
  allow: AllowList;
  /** certificate authorities trusted besides the system's (a test's own server) */
  ca?: string;
  /** override POOL.idleMs (tests) */
  idleMs?: number;
  /** override TIMEOUTS.greetingMs (tests) */
  greetingMs?: number;
}

interface Pooled {
  transport: Transporter;
  timer: NodeJS.Timeout;
}

export interface SmtpPools extends SmtpAccess {
  /** pools open now (tests) */
  readonly openPools: number;
  close(): void;
}

export function smtpAccess(options: SmtpAccessOptions): SmtpPools {
  const pools = new Map<string, Pooled>();
  const idleMs = options.idleMs ?? POOL.idleMs;

  /** sends under way, by pool: a pool is never forgotten in the middle of one */
  const sending = new Map<string, number>();
  const forget = (key: string) => {
    const pooled = pools.get(key);
    if (!pooled || sending.get(key)) return;
    clearTimeout(pooled.timer);
    pooled.transport.close();
    pools.delete(key);
  };

  /** (re)start the timer that forgets a pool unused for idleMs */
  const touch = (key: string, transport: Transporter) => {
    const found = pools.get(key);
    if (found) clearTimeout(found.timer);
    const timer = setTimeout(() => forget(key), idleMs);
    timer.unref();
    pools.set(key, { transport, timer });
  };

  /** the pool of this account at this checked address */
  const poolOf = (account: SmtpAccount, address: string): { key: string; transport: Transporter } => {
    // the key holds a hash, never the password itself
    const key = createHash('sha256').update(JSON.stringify([account.host, address, account.port, account.login, account.security, account.caCertificate])).digest('hex');
    const transport = pools.get(key)?.transport ?? createTransport(transportOptions(account, address, options));
    touch(key, transport);
    return { key, transport };
  };

  return {
    get openPools() {
      return pools.size;
    },
    async send(account: SmtpAccount, message: MailMessage, signal?: AbortSignal): Promise<SentMail> {
      const address = await allowedAddress(options.allow, account.host, account.port);
      refuseClearLogin(options.allow, account, address);
      const mail = {
        from: { name: account.senderName, address: account.senderEmail },
        to: message.to,
        cc: message.cc.length ? message.cc : undefined,
        bcc: message.bcc.length ? message.bcc : undefined,
        subject: message.subject,
        ...(message.isHtml ? { html: message.body } : { text: message.body }),
      };
      const planned = plannedEncryption(account);
      let info: { messageId?: unknown; accepted?: unknown[]; rejected?: unknown[]; response?: unknown };
      let encryption: SentMail['encryption'];
      if (planned === 'offered') {
        // only this send's own connection can say whether it was encrypted: no pool for it
        const watch: HandshakeWatch = { secured: false };
        const transport = createTransport({ ...transportOptions(account, address, options, watch), pool: false });
        try {
          info = await bounded(transport.sendMail(mail), account, signal);
        } finally {
          transport.close();
        }
        encryption = watch.secured ? 'STARTTLS' : 'none';
      } else {
        const { key, transport } = poolOf(account, address);
        sending.set(key, (sending.get(key) ?? 0) + 1);
        const done = () => {
          const left = (sending.get(key) ?? 1) - 1;
          if (left > 0) sending.set(key, left);
          else sending.delete(key);
          // idle counts from the end of the last send
          if (pools.has(key)) touch(key, transport);
        };
        info = await bounded(transport.sendMail(mail), account, signal).finally(done);
        encryption = planned;
      }
      return {
        messageId: String(info.messageId ?? ''),
        accepted: (info.accepted ?? []).map(String),
        rejected: (info.rejected ?? []).map(String),
        response: String(info.response ?? ''),
        encryption,
      };
    },
    async verify(account: SmtpAccount, signal?: AbortSignal): Promise<SmtpConnectionInfo> {
      const address = await allowedAddress(options.allow, account.host, account.port);
      refuseClearLogin(options.allow, account, address);
      // a lone connection: a test must really log in, not reuse a pooled session
      const watch: HandshakeWatch = { secured: false };
      const transport = createTransport({ ...transportOptions(account, address, options, watch), pool: false });
      try {
        await bounded(transport.verify(), account, signal);
      } finally {
        transport.close();
      }
      const planned = plannedEncryption(account);
      return { encryption: planned === 'offered' ? (watch.secured ? 'STARTTLS' : 'none') : planned };
    },
    close() {
      sending.clear();
      for (const key of [...pools.keys()]) forget(key);
    },
  };
}

function transportOptions(account: SmtpAccount, address: string, options: SmtpAccessOptions, watch?: HandshakeWatch) {
  return {
    pool: true as const,
    maxConnections: POOL.maxConnections,
    idleTimeout: options.idleMs ?? POOL.idleMs,
    host: address,
    port: account.port,
    ...securitySettings(account, options.ca, watch),
    ...(account.login ? { auth: { user: account.login.username, pass: account.login.password } } : {}),
    connectionTimeout: TIMEOUTS.connectMs,
    greetingTimeout: options.greetingMs ?? TIMEOUTS.greetingMs,
    socketTimeout: TIMEOUTS.socketMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** the step, failing with the run's cancellation or after TIMEOUTS.sendMs; nodemailer's errors as NodeErrors */
async function bounded<T>(step: Promise<T>, account: SmtpAccount, signal?: AbortSignal): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const limits = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError(`SMTP error: no answer within ${TIMEOUTS.sendMs / 1000} s`)), TIMEOUTS.sendMs);
    onAbort = () => reject(signal?.reason ?? new Error('aborted'));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  step.catch(() => undefined); // a late failure after the limit is not unhandled
  try {
    return await Promise.race([step.catch((error: unknown) => Promise.reject(securityFailure(error, account) ?? smtpError(error))), limits]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * A nodemailer failure as the node's error, 'SMTP error: <reason>': a refused login, sender or
 * recipient, a TLS failure and any 5xx are the user's to mend; the network, timeouts and 4xx pass.
 */
export function smtpError(error: unknown): NodeError {
  if (error instanceof NodeError) return error;
  const failure = error as { code?: string; responseCode?: number; message?: string };
  const message = `SMTP error: ${failure.message ?? String(error)}`;
  const code = failure.code ?? '';
  if (code === 'ETIMEDOUT') return timeoutError(message, error);
  if (['EAUTH', 'ENOAUTH', 'EENVELOPE', 'ETLS', 'EMESSAGE'].includes(code)) return userError(message);
  if (typeof failure.responseCode === 'number') return failure.responseCode >= 500 ? userError(message) : operationalError(message, error);
  return operationalError(message, error);
}
