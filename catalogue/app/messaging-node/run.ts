/**
 * @module catalogue/app/messaging-node/run — one SMS, voice call or WhatsApp message (spec 002
 * §3, §7, §8). Success: `{output: <the provider's answer>, sid, message: 'SMS sent successfully'
 * | 'Voice call initiated successfully' | 'WhatsApp message sent successfully', status,
 * successful: true}`. Failure (a refusal or no answer) is an output, as the spec says:
 * `{output: null, sid: null, message, error: message, status: 'failed', successful: false}`
 * with message 'SMS error: {status} {text}' ('Call error: …', 'WhatsApp error: …').
 */
import { defineNode } from '../../define-node.ts';
import { isNodeError } from '../../errors.ts';
import type { NodeContext } from '../../types.ts';
import { definition } from './definition.ts';
import { testMessagingProvider } from './credential-test.ts';
import { accountUrl, basicAuth, providerAccountOf, sayAndHangUp, whatsappNumber, type ProviderAccount } from './provider-api.ts';

export const SUCCESS = { sms: 'SMS sent successfully', voice_call: 'Voice call initiated successfully', whatsapp: 'WhatsApp message sent successfully' } as const;
export const FAILURE = { sms: 'SMS error', voice_call: 'Call error', whatsapp: 'WhatsApp error' } as const;

type Action = keyof typeof SUCCESS;

export default defineNode(definition, async (values, ctx) => {
  const account = providerAccountOf(await ctx.credentials.get(values.credentials));
  if (values.action === 'sms') {
    return send(ctx, account, 'sms', '/Messages.json', { To: values.to, From: values.from, Body: values.body });
  }
  if (values.action === 'voice_call') {
    const form = { To: values.callTo, From: values.callFrom, Twiml: sayAndHangUp(values.message), Timeout: String(values.timeout) };
    return send(ctx, account, 'voice_call', '/Calls.json', form);
  }
  const form: Record<string, string> = { To: whatsappNumber(values.whatsappTo), From: whatsappNumber(values.whatsappFrom), Body: values.whatsappMessage };
  if (values.mediaUrl?.trim()) form.MediaUrl = values.mediaUrl.trim();
  return send(ctx, account, 'whatsapp', '/Messages.json', form);
}, { credentialTests: { messagingProvider: testMessagingProvider } });

async function send(ctx: NodeContext, account: ProviderAccount, action: Action, resource: string, form: Record<string, string>) {
  const failed = (message: string) => ({ output: { output: null, sid: null, message, error: message, status: 'failed', successful: false } });
  let response;
  try {
    response = await ctx.http.request({
      url: accountUrl(ctx.serviceUrl('twilio'), account, resource),
      method: 'POST',
      headers: { authorization: basicAuth(account), 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
    });
  } catch (error) {
    if (!isNodeError(error)) throw error; // the run was cancelled
    return failed(`${FAILURE[action]}: ${error.message}`);
  }
  const text = response.text();
  if (!response.ok) return failed(`${FAILURE[action]}: ${response.status} ${text}`);
  let answer: Record<string, unknown> = {};
  try {
    answer = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return failed(`${FAILURE[action]}: ${response.status} ${text}`);
  }
  const sid = typeof answer.sid === 'string' ? answer.sid : null;
  const status = typeof answer.status === 'string' ? answer.status : null;
  return { output: { output: answer, sid, message: SUCCESS[action], status, successful: true } };
}
