/**
 * @module catalogue/app/smtp-node/credential-test — an SMTP account: connect as the credential's Security
 * says and log in (when it has a login), with nodemailer's verify; says how it connected.
 */
import { smtpAccountOf } from '../../services/smtp.ts';
import { credentialTestUsing } from '../../credential-test.ts';

const CONNECTED = { 'implicit TLS': 'Connected with implicit TLS', STARTTLS: 'Connected with STARTTLS', none: 'Connected without encryption' };

export const testSmtp = credentialTestUsing(['smtp'], async (fields, ctx) => {
  const account = smtpAccountOf(fields);
  const { encryption } = await ctx.services.smtp.verify(account, ctx.signal);
  const done = account.login ? `logged in as ${account.login.username}` : 'no login';
  const warning = encryption === 'none' ? ' (mail crosses the network in clear text)' : '';
  return `${CONNECTED[encryption]} to ${account.host}:${account.port}, ${done}${warning}`;
});
