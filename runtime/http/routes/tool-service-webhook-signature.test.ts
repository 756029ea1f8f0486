import { describe, expect, it } from 'vitest';
import { eventOf } from './tool-service-webhook.ts';
import { signWebhook, verifyWebhook } from '../../integrations/tool-service/webhook-signature.ts';

describe("the tool-execution service's webhook signature", () => {
  const body = '{"a":1}';
  const now = 1_764_000_000;
  const signature = signWebhook('secret', 'msg_1', String(now), body);

  it('accepts its own signature, also among others during a secret rotation', () => {
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifyWebhook('secret', { id: 'msg_1', timestamp: String(now), signature }, body, now)).toBe(true);
    expect(verifyWebhook('secret', { id: 'msg_1', timestamp: String(now), signature: `v1,old= ${signature}` }, body, now)).toBe(true);
  });

  it('refuses another body, id, secret, a missing header, or a timestamp more than 5 minutes away', () => {
    expect(verifyWebhook('secret', { id: 'msg_1', timestamp: String(now), signature }, '{"a":2}', now)).toBe(false);
    expect(verifyWebhook('secret', { id: 'msg_2', timestamp: String(now), signature }, body, now)).toBe(false);
    expect(verifyWebhook('other', { id: 'msg_1', timestamp: String(now), signature }, body, now)).toBe(false);
    expect(verifyWebhook('secret', { id: 'msg_1', timestamp: String(now) }, body, now)).toBe(false);
    expect(verifyWebhook('secret', { id: 'msg_1', timestamp: String(now), signature }, body, now + 301)).toBe(false);
  });
});

describe('the webhook payload versions', () => {
  it('reads the trigger id and the event data of V3, V2 and V1 payloads', () => {
    expect(eventOf({ type: 'composio.trigger.message', metadata: { trigger_id: 'ti_3' }, data: { subject: 'x' } })).toEqual({ triggerId: 'ti_3', data: { subject: 'x' } });
    expect(eventOf({ type: 'gmail_new_gmail_message', data: { trigger_id: 'ti_2', subject: 'y' } })).toEqual({ triggerId: 'ti_2', data: { trigger_id: 'ti_2', subject: 'y' } });
    expect(eventOf({ trigger_name: 'GMAIL_NEW_GMAIL_MESSAGE', trigger_id: 'ti_1', payload: { subject: 'z' } })).toEqual({ triggerId: 'ti_1', data: { subject: 'z' } });
    expect(eventOf('nonsense')).toEqual({ triggerId: undefined, data: {} });
  });
});
