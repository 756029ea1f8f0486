/**
 * @module catalogue/app/smtp-node/run — one mail through the credential's SMTP server
 * (`ctx.services.smtp`: nodemailer with pooled connections, runtime/services/smtp/). Output `{successful: true,
 * data: {messageId, accepted, rejected, response, encrypted, encryption}}`, plus `warning` when
 * the connection was not encrypted (Security "None", or a server that did not offer STARTTLS);
 * a refusal (login, recipients, address policy, a login without TLS) fails the node as the
 * user's error, a network fault or timeout as a passing one.
 */
import { defineNode } from '../../define-node.ts';
import { userError } from '../../errors.ts';
import { addressList } from './addresses.ts';
import { definition } from './definition.ts';
import { testSmtp } from './credential-test.ts';
import { UNENCRYPTED_WARNING } from '../../services/smtp-security.ts';
import { smtpAccountOf } from '../../services/smtp.ts';

export default defineNode(definition, async (values, ctx) => {
  const account = smtpAccountOf(await ctx.credentials.get(values.credentials));
  const message = {
    to: addressList(values.recipient_email, 'To'),
    cc: addressList(values.cc, 'Cc'),
    bcc: addressList(values.bcc, 'Bcc'),
    subject: values.subject,
    body: values.body ?? '',
    isHtml: values.is_html,
  };
  if (message.to.length === 0) throw userError('To is required');
  const sent = await ctx.services.smtp.send(account, message, ctx.signal);
  const encrypted = sent.encryption !== 'none';
  return { output: { successful: true, data: { ...sent, encrypted, ...(encrypted ? {} : { warning: UNENCRYPTED_WARNING }) } } };
}, { credentialTests: { smtp: testSmtp } });
