/** @module catalogue/app/messaging-node/credential-test — the messaging provider's account: GET `{twilio}/Accounts/{sid}.json` with Basic auth. */
import { accountUrl, basicAuth, providerAccountOf } from './provider-api.ts';
import { refusal, type CredentialTest } from '../../credential-test.ts';

export const testMessagingProvider: CredentialTest = async (fields, ctx) => {
  const account = providerAccountOf(fields);
  const response = await ctx.http.request({
    url: accountUrl(ctx.serviceUrl('twilio'), account, '.json'),
    headers: { authorization: basicAuth(account), accept: 'application/json' },
    signal: ctx.signal,
  });
  if (!response.ok) throw refusal(response);
  const answer = JSON.parse(response.text()) as { friendly_name?: unknown; status?: unknown };
  if (answer.status !== undefined && answer.status !== 'active') throw new Error(`The account is ${String(answer.status)}`);
  return typeof answer.friendly_name === 'string' ? `Account “${answer.friendly_name}”` : undefined;
};
