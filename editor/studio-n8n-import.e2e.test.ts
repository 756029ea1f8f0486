/**
 * Browser test: an n8n workflow pasted on the canvas (or on the project's flows page) becomes a
 * new draft through the server's import; the studio opens it and shows what could not be mapped,
 * by n8n name, over the canvas and as a sticky note. Other pasted text leaves the flow alone.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../contract/flow-document.ts';
import { nodeSel } from './testing/canvas-actions.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let projectId = '';

const trigger = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} };
const fixture = (name: string) => readFileSync(new URL(`../runtime/integrations/n8n-import/fixtures/${name}.json`, import.meta.url), 'utf8');

/** What a real paste delivers: a paste event whose clipboard holds the text. */
async function paste(text: string, on = '[data-testid="canvas"]') {
  await studio.page.locator(on).first().evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const flowIdInUrl = () => new URL(studio.page.url()).pathname.split('/')[2];

beforeAll(async () => {
  studio = await openStudio('n8n-import');
  projectId = (await studio.project('n8n imports')).id;
}, 120_000);
afterAll(async () => studio?.close());

describe('pasting an n8n workflow', () => {
  it('on the canvas: imports it as a new draft, opens it and lists what could not be mapped', async () => {
    const { page, shot, weft } = studio;
    const first = await studio.openFlow(projectId, { name: 'Where I was', nodes: [trigger], edges: [] });
    // text that is no n8n workflow changes nothing
    await paste('{"nodes": [], "just": "json"}');
    await paste('hello');
    expect(flowIdInUrl()).toBe(first);

    await paste(fixture('unknown-node'));
    await expect.poll(flowIdInUrl).not.toBe(first);
    await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
    for (const slug of ['manual', 'airtable', 'status']) await page.locator(nodeSel(slug)).waitFor();
    const banner = page.getByTestId('import-problems');
    await expect.poll(() => banner.textContent()).toContain('Airtable: the node type n8n-nodes-base.airtable has no weft counterpart');
    expect(await page.locator('[data-testid="sticky-note"]').count()).toBe(1);
    await shot('imported');
    const imported = await weft.api<CheckedFlow>('GET', `/api/flows/${flowIdInUrl()}`);
    expect(imported).toMatchObject({ projectId, name: 'With an Airtable node', status: 'draft' });
    await page.getByRole('button', { name: 'Dismiss the import problems' }).click();
    expect(await banner.count()).toBe(0);
    // the flow pasted over is as it was
    expect((await weft.api<CheckedFlow>('GET', `/api/flows/${first}`)).nodes).toEqual([trigger]);
    expect(studio.errors).toEqual([]);
  });

  it('on the flows page: imports it and opens the draft', async () => {
    const { page, weft } = studio;
    await page.goto(`${weft.url}/projects/${projectId}`);
    await page.getByTestId('flows-section').waitFor();
    await paste(fixture('webhook-http-respond'), '[data-testid="flows-section"]');
    await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
    for (const slug of ['webhook', 'edit_fields', 'http_request', 'if', 'respond_to_webhook', 'slack']) await page.locator(nodeSel(slug)).waitFor();
    await expect.poll(() => page.getByTestId('import-problems').textContent()).toContain('HTTP Request (credentials): uses the n8n credential “Example API key”');
    const flows = await weft.api<{ name: string }[]>('GET', `/api/projects/${projectId}/flows`);
    expect(flows.map((f) => f.name)).toContain('Greet and check');
    expect(studio.errors).toEqual([]);
  });
});
