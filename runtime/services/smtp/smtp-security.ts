/**
 * @module runtime/services/smtp/smtp-security — an SMTP credential's security mode
 * (catalogue/app/smtp-node/smtp-security.ts) as nodemailer's connection settings, the rule on
 * logins without TLS, and nodemailer's TLS failures as messages that name the credential's field.
 *
 * The rule: a password crosses only over TLS, except with Security "None" to a host the operator
 * allows with WEFT_OUTBOUND_ALLOW (the same allow-list the address policy reads). So
 * "STARTTLS when offered" with a login is "STARTTLS required", and "None" with a login to any
 * other host is refused before connecting.
 */
import { checkServerIdentity, rootCertificates, type PeerCertificate } from 'node:tls';
import { isIP } from 'node:net';
import { securityNamed, type SmtpAccount } from '../../../catalogue/services/smtp.ts';
import { SMTP_SECURITY_LABELS, type SmtpEncryption } from '../../../catalogue/services/smtp-security.ts';
import { timeoutError, userError, type NodeError } from '../../../catalogue/errors.ts';
import type { AllowList } from '../outbound/address-policy.ts';

/** How a connection in this mode is secured, or 'offered' when only the server's EHLO decides (no login, STARTTLS when offered). */
export function plannedEncryption(account: SmtpAccount): SmtpEncryption | 'offered' {
  switch (account.security) {
    case 'implicitTls':
      return 'implicit TLS';
    case 'starttls':
      return 'STARTTLS';
    case 'starttlsWhenOffered':
      return account.login ? 'STARTTLS' : 'offered';
    case 'none':
      return 'none';
  }
}

/** Throws unless this account may log in over the connection its mode makes to `address`. */
export function refuseClearLogin(allow: AllowList, account: SmtpAccount, address: string): void {
  if (account.security !== 'none' || !account.login || allow.allows(account.host, account.port, address)) return;
  throw userError(
    `SMTP error: ${securityNamed('none')} would send the password to ${account.host}:${account.port} unencrypted, ` +
      'which weft does only for a host the operator allows with WEFT_OUTBOUND_ALLOW. Choose Security "STARTTLS required" ' +
      'or "Implicit TLS", or leave Username and Password empty for a relay that takes mail without a login',
  );
}

/** Records whether a TLS handshake verified the server (the 'offered' case tells encryption by it). */
export interface HandshakeWatch {
  secured: boolean;
}

/** nodemailer's settings for the mode: TLS, trusted authorities, the server's name on its certificate. */
export function securitySettings(account: SmtpAccount, extraCa: string | undefined, watch?: HandshakeWatch) {
  const planned = plannedEncryption(account);
  // a `ca` replaces the system's authorities, so they are listed too: a given CA is trusted besides them
  const trusted = [extraCa, account.caCertificate].filter((ca): ca is string => Boolean(ca));
  return {
    secure: planned === 'implicit TLS',
    requireTLS: planned === 'STARTTLS',
    ignoreTLS: planned === 'none',
    tls: {
      // the certificate is checked against the name the credential gave, not the address
      ...(isIP(account.host) ? {} : { servername: account.host }),
      minVersion: 'TLSv1.2' as const,
      ...(trusted.length ? { ca: [...rootCertificates, ...trusted] } : {}),
      ...(watch
        ? {
            // called once a handshake's chain verified; its answer is the usual name check
            checkServerIdentity(hostname: string, certificate: PeerCertificate) {
              const error = checkServerIdentity(hostname, certificate);
              if (!error) watch.secured = true;
              return error;
            },
          }
        : {}),
    },
  };
}

/** Node's codes for a certificate that does not verify */
const CERTIFICATE_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_UNTRUSTED', 'CERT_SIGNATURE_FAILURE',
]);

/**
 * A TLS failure of nodemailer's as a message that says what to change in the credential, or
 * null when it is no such failure: a server that offers no STARTTLS, a certificate from an
 * authority the system does not know, a mode that does not match the port's protocol (implicit
 * TLS to a plain server; plain to a server waiting for TLS, which never greets).
 */
export function securityFailure(error: unknown, account: SmtpAccount): NodeError | null {
  const failure = error as { code?: string; originalCode?: string; command?: string; response?: string; message?: string };
  const where = `${account.host}:${account.port}`;
  if (failure.code === 'ETLS' && failure.command === 'STARTTLS' && typeof failure.response === 'string' && failure.response) {
    const answered = `it answered '${failure.response.trim()}' to STARTTLS`;
    if (account.security === 'starttlsWhenOffered') {
      return userError(
        `SMTP error: ${where} offers no STARTTLS (${answered}), so the password would cross unencrypted: ${securityNamed('starttlsWhenOffered')} ` +
          'logs in only over TLS. Leave Username and Password empty for a relay that takes mail without a login, or choose ' +
          'Security "None (unencrypted)" for a host the operator allows with WEFT_OUTBOUND_ALLOW',
      );
    }
    return userError(
      `SMTP error: ${where} offers no STARTTLS (${answered}), and the credential's ${securityNamed('starttls')} ` +
        'insists on it. For a relay without TLS choose Security "STARTTLS when offered" (mail without a login) or "None (unencrypted)"',
    );
  }
  const code = failure.originalCode ?? failure.code ?? '';
  if (account.security === 'implicitTls' && (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number/.test(failure.message ?? ''))) {
    return userError(
      `SMTP error: ${where} does not speak TLS from the first byte, which the credential's ${securityNamed('implicitTls')} expects. ` +
        'Ports 587 and 25 usually take Security "STARTTLS required"',
    );
  }
  if (account.security !== 'implicitTls' && failure.code === 'ETIMEDOUT' && /greeting never received/i.test(failure.message ?? '')) {
    return timeoutError(
      `SMTP error: Greeting never received from ${where}. A server that speaks TLS from the first byte (usually port 465) ` +
        `needs Security "Implicit TLS" (the credential's is "${SMTP_SECURITY_LABELS[account.security]}")`,
      error,
    );
  }
  if (CERTIFICATE_CODES.has(code)) {
    return userError(
      `SMTP error: ${failure.message ?? code}: the certificate of ${where} is not signed by an authority weft trusts. ` +
        "For a relay with a private certificate authority, paste that authority's certificate (PEM) into the credential's CA certificate field",
    );
  }
  return null;
}
