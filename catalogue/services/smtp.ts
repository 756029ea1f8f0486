/**
 * @module catalogue/services/smtp — what the SMTP node and the SMTP credential
 * test ask of the runtime (`ctx.services.smtp`, runtime/smtp/): a mail server reached under weft's
 * outbound address policy, with pooled connections per account. The account is an SMTP
 * credential (spec 002 §3): senderEmail, senderName, host, port, username, password.
 */
import { userError } from '../errors.ts';

export interface SmtpAccount {
  host: string;
  port: number;
  username: string;
  password: string;
  senderEmail: string;
  senderName: string;
}

export interface MailMessage {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  isHtml: boolean;
}

export interface SentMail {
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
  verify(account: SmtpAccount, signal?: AbortSignal): Promise<void>;
}

/** An SMTP credential's fields as the account to send through; a missing field names itself. */
export function smtpAccountOf(credential: Record<string, unknown>): SmtpAccount {
  const text = (field: string, label: string) => {
    const value = credential[field];
    if ((typeof value !== 'string' && typeof value !== 'number') || String(value).trim() === '') {
      throw userError(`The SMTP credential has no ${label}`);
    }
    return String(value).trim();
  };
  const port = Number(text('port', 'Port'));
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw userError('The SMTP credential’s Port must be a whole number between 1 and 65535');
  return {
    host: text('host', 'Host'),
    port,
    username: text('username', 'Username'),
    // a password is taken as typed: spaces may belong to it
    password: typeof credential.password === 'string' && credential.password !== '' ? credential.password : text('password', 'Password'),
    senderEmail: text('senderEmail', 'Sender email'),
    senderName: text('senderName', 'Sender name'),
  };
}
