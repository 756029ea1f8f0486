/**
 * The messaging provider node against a loopback server speaking the provider's REST API:
 * the exact requests (Basic auth, form bodies, TwiML escaping, the whatsapp: prefix), the
 * outputs and the spec's texts, and failures as outputs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import { startTwilioLoopback, type TwilioLoopback } from '../../testing/twilio-loopback.ts';
import type { Values } from '../../types.ts';
import { escapeXml } from './provider-api.ts';
import messagingNode from './run.ts';

let twilio: TwilioLoopback;

function run(values: Values, credential?: Record<string, unknown>) {
  const ctx = testContext({
    serviceUrls: { twilio: twilio.baseUrl },
    allowOutbound: [twilio.host],
    credentials: {
      async get(name) {
        if (name !== 'Twilio') throw new Error(`No credentials found for ${name}`);
        return credential ?? { accountSid: twilio.accountSid, authToken: twilio.authToken };
      },
    },
  });
  return runNode(messagingNode, { credentials: 'Twilio', ...values }, ctx);
}

const last = () => twilio.requests.at(-1)!;

beforeAll(async () => {
  twilio = await startTwilioLoopback();
});
afterAll(async () => {
  await twilio?.close();
});

describe('the messaging provider node', () => {
  it('sends an SMS: Basic auth, a form To/From/Body to Messages.json, and reads sid and status', async () => {
    const result = await run({ action: 'sms', to: '+14155550100', from: '+14155550199', body: 'Your code is 1234 & more' });
    expect(last()).toEqual({
      method: 'POST',
      path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
      contentType: 'application/x-www-form-urlencoded',
      body: 'To=%2B14155550100&From=%2B14155550199&Body=Your+code+is+1234+%26+more',
      form: { To: '+14155550100', From: '+14155550199', Body: 'Your code is 1234 & more' },
    });
    expect(result.output).toMatchObject({ sid: 'SM00000000000000000000000000000001', status: 'queued', message: 'SMS sent successfully', successful: true });
    expect((result.output as { output: { body: string } }).output.body).toBe('Your code is 1234 & more');
  });

  it('places a voice call whose TwiML says the escaped message and hangs up, with the default timeout of 60', async () => {
    const message = `Alert: <b>disk</b> at 95% & "rising" — it's bad`;
    const result = await run({ action: 'voice_call', callTo: '+14155550100', callFrom: '+14155550199', message });
    const { form, path } = last();
    expect(path).toBe(`/2010-04-01/Accounts/${twilio.accountSid}/Calls.json`);
    expect(form).toEqual({
      To: '+14155550100',
      From: '+14155550199',
      Twiml: '<Response><Say>Alert: &lt;b&gt;disk&lt;/b&gt; at 95% &amp; &quot;rising&quot; — it&apos;s bad</Say><Hangup/></Response>',
      Timeout: '60',
    });
    expect(result.output).toMatchObject({ sid: expect.stringMatching(/^CA/), status: 'queued', message: 'Voice call initiated successfully', successful: true });
    await run({ action: 'voice_call', callTo: '+14155550100', callFrom: '+14155550199', message: 'hi', timeout: 25 });
    expect(last().form.Timeout).toBe('25');
  });

  it('sends WhatsApp with the whatsapp: prefix added where missing, and the media URL', async () => {
    const result = await run({ action: 'whatsapp', whatsappTo: '+14155550100', whatsappFrom: 'whatsapp:+14155550199', whatsappMessage: 'Hi', mediaUrl: 'https://example.com/a.png' });
    expect(last().form).toEqual({ To: 'whatsapp:+14155550100', From: 'whatsapp:+14155550199', Body: 'Hi', MediaUrl: 'https://example.com/a.png' });
    expect(result.output).toMatchObject({ message: 'WhatsApp message sent successfully', successful: true, status: 'queued' });
    await run({ action: 'whatsapp', whatsappTo: 'whatsapp:+14155550100', whatsappFrom: '+14155550199', whatsappMessage: 'No media' });
    expect(last().form).toEqual({ To: 'whatsapp:+14155550100', From: 'whatsapp:+14155550199', Body: 'No media' });
  });

  it('answers a refusal as an output: status failed, successful false, the spec’s text with status and answer', async () => {
    const sms = await run({ action: 'sms', to: '12', from: '+14155550199', body: 'x' });
    const text = JSON.stringify({ code: 21211, message: "The 'To' number 12 is not a valid phone number.", more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 });
    expect(sms.output).toEqual({ output: null, sid: null, message: `SMS error: 400 ${text}`, error: `SMS error: 400 ${text}`, status: 'failed', successful: false });
    const call = await run({ action: 'voice_call', callTo: 'nope', callFrom: '+14155550199', message: 'x' });
    expect(call.output).toMatchObject({ status: 'failed', successful: false, message: expect.stringMatching(/^Call error: 400 /) });
    const whatsapp = await run({ action: 'whatsapp', whatsappTo: '+1', whatsappFrom: '+14155550199', whatsappMessage: 'x' });
    expect(whatsapp.output).toMatchObject({ status: 'failed', successful: false, message: expect.stringMatching(/^WhatsApp error: 400 /) });
  });

  it('answers a wrong token with the provider’s 401, and no secret in the output', async () => {
    const result = await run({ action: 'sms', to: '+14155550100', from: '+14155550199', body: 'x' }, { accountSid: twilio.accountSid, authToken: 'wrong-token-000' });
    expect(result.output).toMatchObject({ status: 'failed', successful: false, message: expect.stringMatching(/^SMS error: 401 .*Authenticate/) });
    expect(JSON.stringify(result.output)).not.toContain('wrong-token-000');
  });

  it('answers an unreachable provider as a failed output too', async () => {
    const ctx = testContext({
      serviceUrls: { twilio: twilio.baseUrl },
      credentials: { get: async () => ({ accountSid: twilio.accountSid, authToken: twilio.authToken }) },
    });
    const result = await runNode(messagingNode, { credentials: 'Twilio', action: 'sms', to: '+1415555010', from: '+14155550199', body: 'x' }, ctx);
    expect(result.output).toMatchObject({ status: 'failed', successful: false, sid: null, message: expect.stringMatching(/^SMS error: Refused to call 127\.0\.0\.1: loopback address/) });
  });

  it('requires the fields of the chosen action only', async () => {
    await expect(run({ action: 'sms', to: '+14155550100', from: '+14155550199' })).rejects.toThrow('Message is required');
    await expect(run({ action: 'voice_call', callTo: '+14155550100', message: 'x' })).rejects.toThrow('Call from is required');
    await expect(run({ action: 'voice_call', callTo: '+1', callFrom: '+1', message: 'x', timeout: 0 })).rejects.toThrow('Ring timeout must be between 1 and 600');
  });

  it('escapes every markup character', () => {
    expect(escapeXml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&apos;');
  });
});
