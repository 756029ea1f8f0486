/**
 * @module catalogue/services/smtp — what the SMTP node and the SMTP credential
 * test ask of the runtime (`ctx.services.smtp`, runtime/services/smtp/): a mail server reached under weft's
 * outbound address policy, with pooled connections per account. The account is an SMTP
 * credential (spec 002 §3): senderEmail, senderName, host, port, username, password; and
 * weft's own `security` mode and `caCertificate` (smtp-security.ts). Username and password
 * may both be left empty, for a relay that takes mail without a login.
 */
import { userError } from '../errors.ts';
import { caCertificateProblem } from './smtp-ca-certificate.ts';
import { securityOf, SMTP_SECURITY_LABELS, SMTP_SECURITY_MODES, type SmtpEncryption, type SmtpSecurity } from './smtp-security.ts';

export interface SmtpAccount {
  host: string;
  port: number;
  /** absent: the relay takes mail without a login */
  login?: { username: string; password: string };
  senderEmail: string;
  senderName: string;
  security: SmtpSecurity;
  /** PEM certificates trusted for this server besides the system's */
  caCertificate?: string;
}

export interface MailMessage {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  isHtml: boolean;
}

/** How the connection was secured (what the credential test reports; the node's output carries `encrypted`). */
export interface SmtpConnectionInfo {
  encryption: SmtpEncryption;
}

export interface SentMail extends SmtpConnectionInfo {
  messageId: string;
  /** recipients the server accepted / refused */
  accepted: string[];
  rejected: string[];
  /** the server's last reply line, e.g. '250 OK: queued' */
  response: string;
}

export interface SmtpAccess {
  /** send one message; throws a NodeError (user: refused address, login or recipients; operational: network; timeout) */
  send(account: SmtpAccount, message: MailMessage, signal?: AbortSignal): Promise<SentMail>;
  /** connect and log in (the credential test); throws like `send` */
  verify(account: SmtpAccount, signal?: AbortSignal): Promise<SmtpConnectionInfo>;
}

/** An SMTP credential's fields as the account to send through; a missing or wrong field names itself. */
export function smtpAccountOf(credential: Record<string, unknown>): SmtpAccount {
  const given = (field: string) => {
    const value = credential[field];
    return (typeof value === 'string' || typeof value === 'number') && String(value).trim() !== '';
  };
  const text = (field: string, label: string) => {
    if (!given(field)) throw userError(`The SMTP credential has no ${label}`);
    return String(credential[field]).trim();
  };
  const port = Number(text('port', 'Port'));
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw userError('The SMTP credential’s Port must be a whole number between 1 and 65535');
  const security = securityOf(credential.security, port);
  if (!security) throw userError(`The SMTP credential’s Security must be one of: ${SMTP_SECURITY_MODES.join(', ')}`);
  const ca = caCertificateProblem(credential.caCertificate);
  if (ca) throw userError(`The SMTP credential’s ${ca}`);
  // a password is taken as typed: spaces may belong to it
  const password = typeof credential.password === 'string' ? credential.password : given('password') ? String(credential.password) : '';
  if (given('username') !== (password !== '')) {
    throw userError(given('username') ? 'The SMTP credential has no Password' : 'The SMTP credential has no Username');
  }
  return {
    host: text('host', 'Host'),
    port,
    ...(given('username') ? { login: { username: text('username', 'Username'), password } } : {}),
    senderEmail: text('senderEmail', 'Sender email'),
    senderName: text('senderName', 'Sender name'),
    security,
    ...(given('caCertificate') && security !== 'none' ? { caCertificate: String(credential.caCertificate).trim() } : {}),
  };
}

/**
 * What a save or test of an SMTP credential refuses beyond its form's field checks: a CA
 * certificate TLS could not read, a login given by half. Messages name fields, never values.
 */
export function smtpCredentialProblems(credentials: Record<string, unknown>): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const ca = credentials.security === 'none' ? null : caCertificateProblem(credentials.caCertificate);
  if (ca) problems.push({ field: 'caCertificate', message: ca });
  const given = (field: string) => credentials[field] !== undefined && credentials[field] !== null && String(credentials[field]) !== '';
  if (given('username') && !given('password')) problems.push({ field: 'password', message: 'Password is required with a Username' });
  if (given('password') && !given('username')) problems.push({ field: 'username', message: 'Username is required with a Password' });
  return problems;
}

/** the mode's name, for messages: 'Security "STARTTLS required"' */
export function securityNamed(security: SmtpSecurity): string {
  return `Security "${SMTP_SECURITY_LABELS[security]}"`;
}

