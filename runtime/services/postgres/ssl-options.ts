/**
 * @module runtime/services/postgres/ssl-options — a Postgres credential's sslMode (spec 001 §3, §9: disable,
 * allow, prefer, require, verify-ca, verify-full; libpq's meanings) as `pg`'s `ssl` option, one
 * per connection attempt:
 * - disable: plain; allow: plain, then TLS when the server refuses plain; prefer: TLS, then
 *   plain when the server offers no TLS (`pg` has no fallback of its own: access tries in order);
 * - require: TLS without checking the certificate, unless a CA is given (then as verify-ca, as
 *   libpq does when a root certificate is present);
 * - verify-ca: the chain must lead to the CA given (the system's CAs without one), any host name;
 * - verify-full: the chain and the credential's host name (or IP) in the certificate.
 * The client certificate, key and key password are sent whenever given (servers asking for a
 * client certificate need them under any TLS mode).
 */
import { isIP } from 'node:net';
import { checkServerIdentity, type ConnectionOptions } from 'node:tls';
import type { PostgresConnection } from '../../../catalogue/services/postgres.ts';

export type PgSsl = false | ConnectionOptions;

/** The `ssl` option of each attempt, in the order they are tried. */
export function sslAttempts(connection: PostgresConnection): PgSsl[] {
  const client: ConnectionOptions = {
    minVersion: 'TLSv1.2',
    ...(connection.clientCertificate ? { cert: connection.clientCertificate } : {}),
    ...(connection.clientKey ? { key: connection.clientKey } : {}),
    ...(connection.clientKeyPassword ? { passphrase: connection.clientKeyPassword } : {}),
  };
  const unverified: ConnectionOptions = { ...client, rejectUnauthorized: false };
  const verifiedChain: ConnectionOptions = {
    ...client,
    rejectUnauthorized: true,
    ...(connection.caCertificate ? { ca: connection.caCertificate } : {}),
  };
  // weft connects to the address it checked, so the name to verify is given explicitly
  const anyName: ConnectionOptions = { ...verifiedChain, checkServerIdentity: () => undefined };
  const hostName: ConnectionOptions = {
    ...verifiedChain,
    ...(isIP(connection.host) ? {} : { servername: connection.host }),
    checkServerIdentity: (_name, certificate) => checkServerIdentity(connection.host, certificate),
  };
  switch (connection.sslMode) {
    case 'disable':
      return [false];
    case 'allow':
      return [false, unverified];
    case 'prefer':
      return [unverified, false];
    case 'require':
      return [connection.caCertificate ? anyName : unverified];
    case 'verify-ca':
      return [anyName];
    case 'verify-full':
      return [hostName];
  }
}

/** Does this failure of one attempt call for the next one (allow, prefer)? */
export function triesNextSslMode(error: unknown): boolean {
  const failure = error as { code?: string; message?: string };
  const message = failure.message ?? '';
  // prefer: a server without TLS; allow: pg_hba.conf takes only TLS connections ("… no encryption")
  return /does not support SSL/i.test(message) || (failure.code === '28000' && /no encryption/i.test(message));
}
