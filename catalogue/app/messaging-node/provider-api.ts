/**
 * @module catalogue/app/messaging-node/provider-api — the messaging provider's REST API as
 * spec 002 §7 uses it: Basic auth (account SID : auth token), form-encoded POSTs to
 * `{twilio}/Accounts/{sid}/Messages.json` (To, From, Body, MediaUrl) and `…/Calls.json`
 * (To, From, Twiml, Timeout); the answer's sid and status are read.
 */
import { userError } from '../../errors.ts';

export interface ProviderAccount {
  accountSid: string;
  authToken: string;
}

/** The credential's fields as the account; a missing one names itself. */
export function providerAccountOf(credential: Record<string, unknown>): ProviderAccount {
  const accountSid = typeof credential.accountSid === 'string' ? credential.accountSid.trim() : '';
  const authToken = typeof credential.authToken === 'string' ? credential.authToken : '';
  if (!accountSid || !authToken) throw userError('Invalid or Missing messaging provider credentials');
  return { accountSid, authToken };
}

export const basicAuth = (account: ProviderAccount) => `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`;

/** `{base}/Accounts/{sid}/{resource}` */
export const accountUrl = (base: string, account: ProviderAccount, resource: string) => `${base}/Accounts/${encodeURIComponent(account.accountSid)}${resource}`;

/** `whatsapp:+1…` whether or not the number had the prefix (spec 002 §5) */
export const whatsappNumber = (number: string) => (number.trim().startsWith('whatsapp:') ? number.trim() : `whatsapp:${number.trim()}`);

/** Text safe inside XML: & < > " ' as entities (spec 002 §5: voice message text is escaped for markup). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** The call's instructions: say the message, then hang up. */
export const sayAndHangUp = (message: string) => `<Response><Say>${escapeXml(message)}</Say><Hangup/></Response>`;
