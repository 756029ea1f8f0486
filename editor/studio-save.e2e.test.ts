/**
 * Browser test: nothing is lost when the server goes down mid-edit. Edits made while it is
 * down are kept in the browser and arrive once it is back; a page closed while it was down
 * restores them on reopening; leaving with unsynced edits asks first.
 */
import { join } from 'node:path';
import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSel, pick, waitSaved } from './testing/canvas-actions.ts';
import { gradeFlow } from './testing/fixtures.ts';
import { artifacts, openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let projectId = '';

beforeAll(async () => {
  studio = await openStudio('save');
  projectId = (await studio.project('Never lose work')).id;
}, 120_000);
afterAll(async () => studio?.close());

type Stored = { nodes: { id: string; values: { mapping?: { value: string }[] } }[] };
const verdictOf = (flow: Stored, id: string) => flow.nodes.find((n) => n.id === id)?.values.mapping?.[0]?.value;
const saveState = (page: Page) => page.getByTestId('save-status').getAttribute('data-state');
const draftOf = (page: Page, flowId: string) => page.evaluate((id) => localStorage.getItem(`weft:draft:${id}`), flowId);

async function openFlow(page: Page): Promise<string> {
  const id = await studio.openFlow(projectId, gradeFlow, page);
  await page.locator(nodeSel('passed_1')).waitFor();
  return id;
}

/** Edit a Variables node's first value through its form. */
async function setValue(page: Page, slug: string, value: string): Promise<void> {
  await pick(page, slug);
  await page.getByLabel('Value 1').fill(value);
}

describe('never losing work', () => {
  it('keeps edits made while the server is down and saves them once it is back', async () => {
    const { page, weft, shot } = studio;
    const flowId = await openFlow(page);
    await setValue(page, 'passed_1', 'passed before');
    await waitSaved(page);

    await weft.stop();
    await setValue(page, 'passed_1', 'passed while down');
    await expect.poll(() => saveState(page), { timeout: 10_000 }).toBe('offline');
    expect(await page.getByTestId('save-status').textContent()).toContain('Offline — kept in this browser, retrying');
    await setValue(page, 'failed_1', 'failed while down');
    await expect.poll(async () => JSON.parse((await draftOf(page, flowId)) ?? '{}') as Stored).toSatisfy((d) => verdictOf(d, 'failed_1') === 'failed while down');
    await shot('offline');

    await weft.restart();
    await expect.poll(() => saveState(page), { timeout: 40_000 }).toBe('saved');
    const stored = await weft.api<Stored>('GET', `/api/flows/${flowId}`);
    expect(verdictOf(stored, 'passed_1')).toBe('passed while down');
    expect(verdictOf(stored, 'failed_1')).toBe('failed while down');
    expect(await draftOf(page, flowId)).toBeNull();
    await shot('back-and-saved');
  }, 90_000);

  it('asks before leaving unsynced edits, and restores them when the flow is opened again', async () => {
    const { weft, page } = studio;
    const flowId = await openFlow(page);
    await weft.stop();
    await setValue(page, 'passed_1', 'kept in the browser');
    await expect.poll(() => saveState(page), { timeout: 10_000 }).toBe('offline');

    // closing or reloading the tab asks (headless Chromium shows no prompt: the page's answer is what it would ask on)
    const asks = () => page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })));
    expect(await asks()).toBe(true);
    // moving elsewhere in the studio asks too; dismissing stays on the flow
    const asked = new Promise<string>((ok) => page.once('dialog', (dialog) => (ok(dialog.message()), void dialog.dismiss())));
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await asked).toContain('changes the server does not have yet');
    expect(page.url()).toContain(`/flows/${flowId}`);

    // the studio is closed for good (leaving accepted), then opened again in the same browser profile once the server is back
    const leave = (dialog: Dialog) => void dialog.accept();
    page.on('dialog', leave);
    await page.goto('about:blank');
    page.off('dialog', leave);
    await weft.restart();
    await page.goto(`${weft.url}/flows/${flowId}`);
    await page.locator(nodeSel('passed_1')).waitFor();
    await expect.poll(async () => verdictOf(await weft.api<Stored>('GET', `/api/flows/${flowId}`), 'passed_1'), { timeout: 20_000 }).toBe('kept in the browser');
    await waitSaved(page);
    await pick(page, 'passed_1');
    expect(await page.getByLabel('Value 1').inputValue()).toBe('kept in the browser');
    expect(await draftOf(page, flowId)).toBeNull();
    await page.screenshot({ path: join(artifacts, 'save-03-restored.png') });
  }, 90_000);

  it('keeps the local copy and says so when the server moved on while the edits waited', async () => {
    const { page, weft, shot } = studio;
    const flowId = await openFlow(page);
    await weft.stop();
    await setValue(page, 'passed_1', 'mine');
    await expect.poll(() => saveState(page), { timeout: 10_000 }).toBe('offline');
    const leave = (dialog: Dialog) => void dialog.accept();
    page.on('dialog', leave);
    await page.goto('about:blank');
    page.off('dialog', leave);
    await weft.restart();
    const theirs = await weft.api<Stored & { version: number }>('GET', `/api/flows/${flowId}`);
    await weft.api('PUT', `/api/flows/${flowId}`, { ...theirs, name: 'Grade (edited elsewhere)' });

    await page.goto(`${weft.url}/flows/${flowId}`);
    await page.getByTestId('conflict').waitFor();
    expect(await page.getByTestId('conflict').textContent()).toContain('Your changes are kept in this browser.');
    await shot('conflict-on-reopen');
    // neither copy was overwritten
    expect((await weft.api<{ name: string }>('GET', `/api/flows/${flowId}`)).name).toBe('Grade (edited elsewhere)');
    expect(verdictOf(JSON.parse((await draftOf(page, flowId)) ?? '{}') as Stored, 'passed_1')).toBe('mine');
    await page.getByRole('button', { name: 'Keep mine (overwrite)' }).click();
    await waitSaved(page);
    expect(verdictOf(await weft.api<Stored>('GET', `/api/flows/${flowId}`), 'passed_1')).toBe('mine');
    expect(await draftOf(page, flowId)).toBeNull();
  }, 90_000);

  it('saves a draft without a trigger; shows a refusal (4xx) without retrying it, and keeps the edits in the browser', async () => {
    const { page, weft, shot } = studio;
    const flowId = await openFlow(page);
    let puts = 0;
    page.on('request', (request) => request.method() === 'PUT' && request.url().endsWith(`/api/flows/${flowId}`) && puts++);
    // A draft always saves, also when it cannot run (no trigger): Run and Deploy refuse it.
    await pick(page, 'webhookTrigger_1');
    await page.keyboard.press('Delete');
    const stored = () => weft.api<Stored & { problems: string[] }>('GET', `/api/flows/${flowId}`);
    await expect.poll(async () => (await stored()).nodes.map((n) => n.id), { timeout: 10_000 }).not.toContain('webhookTrigger_1');
    expect((await stored()).problems).toEqual(['No trigger node found!']);
    await waitSaved(page);
    // Only a body that is not a flow document is refused now: the server's 400, as it answers one.
    await page.route(`**/api/flows/${flowId}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'invalid_flow', message: 'Node x_1 has no type' } }) })
        : route.continue(),
    );
    await setValue(page, 'passed_1', 'refused edit');
    await expect.poll(() => saveState(page), { timeout: 10_000 }).toBe('error');
    expect(await draftOf(page, flowId)).not.toBeNull();
    await shot('refused');
    const refused = puts;
    await page.waitForTimeout(2500);
    expect(puts).toBe(refused);
    expect(await saveState(page)).toBe('error');
    await page.unroute(`**/api/flows/${flowId}`);
  }, 60_000);
});
