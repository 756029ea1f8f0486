/** @module runtime/credential-tests/smtp — an SMTP account: connect (TLS as the node would) and log in, with nodemailer's verify. */
import { smtpAccountOf } from '../../catalogue/services/smtp.ts';
import type { CredentialTest } from '../../catalogue/credential-test.ts';

export const testSmtp: CredentialTest = async (fields, ctx) => {
  const account = smtpAccountOf(fields);
  await ctx.smtp.verify(account, ctx.signal);
  return `Logged in to ${account.host}:${account.port}`;
};
