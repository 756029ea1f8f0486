/**
 * @module catalogue/app/mail-node/run — the mail service through the tool-execution service
 * (spec 002 §7): send and draft take recipient_email, subject, body, is_html and, when given, cc
 * and bcc (lists); fetch takes max_results and the query 'from:X to:Y'. The tools are the
 * service's Gmail tools (GMAIL_SEND_EMAIL, GMAIL_CREATE_EMAIL_DRAFT, GMAIL_FETCH_EMAILS).
 */
import { defineNode } from '../../define-node.ts';
import { executeTool } from '../tool-service/client.ts';
import { connectionOf } from '../tool-service/connection.ts';
import { definition } from './definition.ts';

export const MAIL_TOOLS = {
  sendEmail: 'GMAIL_SEND_EMAIL',
  createEmailDraft: 'GMAIL_CREATE_EMAIL_DRAFT',
  fetchEmails: 'GMAIL_FETCH_EMAILS',
} as const;

const addresses = (text: string | undefined) => (text ?? '').split(',').map((a) => a.trim()).filter(Boolean);

export default defineNode(definition, async (values, ctx) => {
  const connection = connectionOf(await ctx.credentials.get(values.credentials), 'mail', false);
  const account = connection.mode === 'broker' ? connection.connectedAccountId : '';
  if (values.action === 'fetchEmails') {
    const query = [values.from_user?.trim() && `from:${values.from_user.trim()}`, values.to_user?.trim() && `to:${values.to_user.trim()}`].filter(Boolean).join(' ');
    const reply = await executeTool(ctx, MAIL_TOOLS.fetchEmails, account, { max_results: values.max_results, query });
    return { output: { data: reply.data, successful: true } };
  }
  const cc = addresses(values.cc);
  const bcc = addresses(values.bcc);
  const args = {
    recipient_email: values.recipient_email,
    subject: values.subject ?? '',
    body: values.body ?? '',
    is_html: values.is_html,
    ...(cc.length ? { cc } : {}),
    ...(bcc.length ? { bcc } : {}),
  };
  const failure = values.action === 'sendEmail' ? 'Failed to send email' : `Failed to execute ${MAIL_TOOLS.createEmailDraft}`;
  const reply = await executeTool(ctx, MAIL_TOOLS[values.action], account, args, failure);
  return { output: { data: reply.data, successful: true } };
});
