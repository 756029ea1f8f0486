/**
 * Browser test: the credential form's Test button (POST /api/testCreds/{type}) against a
 * loopback server speaking the messaging provider's API — a wrong token shows the provider's
 * refusal, the right one its account; once saved, an edit whose token field is left empty
 * tests the stored token (the form sends the mask and the credential's name). The token is
 * never in the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioLoopback, type TwilioLoopback } from '../catalogue/testing/twilio-loopback.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let twilio: TwilioLoopback;
let projectId = '';

beforeAll(async () => {
  twilio = await startTwilioLoopback();
  studio = await openStudio('credential-test', { serviceUrls: { twilio: twilio.baseUrl }, outboundAllow: [twilio.host] });
  projectId = (await studio.project('Credential tests')).id;
}, 120_000);
afterAll(async () => {
  await studio?.close();
  await twilio?.close();
});

describe('the credential form’s Test button', () => {
  it('answers whether the credential works, before and after saving', async () => {
    const { page, weft, shot } = studio;
    await page.goto(`${weft.url}/projects/${projectId}/credentials`);
    await page.getByLabel('Credential type').selectOption({ label: 'Messaging provider (SMS, voice, WhatsApp)' });
    await page.getByRole('button', { name: 'New credential' }).click();
    const editor = page.getByTestId('credential-editor');
    const result = editor.getByTestId('credential-test-result');
    await editor.getByLabel('Credential Name').fill('Twilio');
    await editor.getByLabel('Account SID').fill(twilio.accountSid);
    await editor.getByLabel(/^Auth token/).fill('a-wrong-token-123');
    await editor.getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => result.textContent()).toBe('✗ 401 Authenticate');
    await shot('refused');

    await editor.getByLabel(/^Auth token/).fill(twilio.authToken);
    await editor.getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => result.textContent()).toBe('✓ The credential works: Account “Weft test account”');
    await shot('works');
    await editor.getByRole('button', { name: 'Save credential' }).click();
    const row = page.getByTestId('credential-row').filter({ hasText: 'Twilio' });
    await row.waitFor();

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByTestId('credential-editor');
    expect(await edit.getByLabel(/^Auth token/).inputValue()).toBe('');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/testCreds/messagingProvider'));
    await edit.getByRole('button', { name: 'Test' }).click();
    const body = (await sent).postDataJSON() as { payload: { projectId: string; name: string; credentials: { authToken: string } } };
    expect(body.payload).toMatchObject({ projectId, name: 'Twilio' });
    expect(body.payload.credentials.authToken).toMatch(/^••••/);
    await expect.poll(() => edit.getByTestId('credential-test-result').textContent()).toBe('✓ The credential works: Account “Weft test account”');
    const html = await page.content();
    expect(html).not.toContain(twilio.authToken);
    expect(studio.errors).toEqual([]);
  });
});
