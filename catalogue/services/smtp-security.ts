/**
 * @module catalogue/app/smtp-node/smtp-security — how an SMTP credential's connection is secured
 * (its `security` field), as data the credential form and the runtime share. Browser-safe.
 *
 * - `implicitTls`: TLS from the first byte (usually port 465).
 * - `starttls`: plain at first, then STARTTLS, which the server must offer (usually port 587).
 *   The default, also for a stored credential without the field, except on port 465, which
 *   has always meant implicit TLS (so credentials saved before the field keep working).
 * - `starttlsWhenOffered`: STARTTLS if the server offers it, else the mail goes unencrypted;
 *   a login is only ever sent over TLS.
 * - `none`: never TLS (a development relay such as Mailpit, a local postfix). A login is sent
 *   only to a host the operator allows with WEFT_OUTBOUND_ALLOW.
 * There is no "ignore certificate errors": a relay with its own certificate authority is
 * trusted by giving that authority's certificate (`caCertificate`).
 */

export const SMTP_SECURITY_MODES = ['implicitTls', 'starttls', 'starttlsWhenOffered', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY_MODES)[number];

/** the mode's name in the credential form and in every message naming it */
export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = {
  implicitTls: 'Implicit TLS',
  starttls: 'STARTTLS required',
  starttlsWhenOffered: 'STARTTLS when offered',
  none: 'None (unencrypted)',
};

/** the modes that can use a certificate (the CA certificate field shows for them) */
export const SMTP_TLS_MODES: SmtpSecurity[] = ['implicitTls', 'starttls', 'starttlsWhenOffered'];

/** How a connection was in fact made, as the credential test and the node say it. */
export type SmtpEncryption = 'implicit TLS' | 'STARTTLS' | 'none';

/** the warning a mail sent or a test made without encryption carries */
export const UNENCRYPTED_WARNING = 'The connection to the SMTP server was not encrypted: the mail (and the login, if any) crossed the network in clear text';

export function isSmtpSecurity(value: unknown): value is SmtpSecurity {
  return typeof value === 'string' && (SMTP_SECURITY_MODES as readonly string[]).includes(value);
}

/**
 * The credential's mode: the field when set (validated on save), else the default, port 465
 * meaning implicit TLS as it did before the field existed. An unknown value is null (the caller
 * names the field).
 */
export function securityOf(value: unknown, port: number): SmtpSecurity | null {
  if (value === undefined || value === null || value === '') return port === 465 ? 'implicitTls' : 'starttls';
  return isSmtpSecurity(value) ? value : null;
}
