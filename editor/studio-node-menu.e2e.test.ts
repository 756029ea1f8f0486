/**
 * Browser test: the canvas's right-click menu. Disable a node → a run skips it and what follows,
 * and completes; Pin output after a run → the next run does not call the node's server and
 * shows the node pinned; Duplicate; Delete (a node, an edge); Esc and a click outside close it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDocument } from '../contract/flow-document.ts';
import { nodeSel, waitSaved } from './testing/canvas-actions.ts';
import { artifacts, openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let projectId = '';
let upstream: Server;
let upstreamUrl = '';
let calls = 0;

beforeAll(async () => {
  upstream = createServer((_req, res) => {
    calls++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"source": "server"}');
  });
  await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
  const host = `127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  upstreamUrl = `http://${host}/data`;
  studio = await openStudio('node-menu', { outboundAllow: [host] });
  projectId = (await studio.project('Node menu')).id;
}, 120_000);
afterAll(async () => {
  await studio?.close();
  await new Promise((ok) => upstream?.close(ok));
});

/** webhook → API node calling the counting server → response reading its output */
const apiFlow = (name: string) => ({
  name,
  nodes: [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
    { id: 'api_1', type: 'apiNode', position: { x: 300, y: 0 }, values: { url: upstreamUrl, method: 'GET' } },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 600, y: 0 }, values: { outputMapping: [{ key: 'source', value: '{{api_1.output.source}}' }] } },
  ],
  edges: [
    { id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'api_1', targetHandle: 'in' },
    { id: 'e2', source: 'api_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' },
  ],
});

const menu = (page: Page) => page.getByTestId('context-menu');
const item = (page: Page, name: string | RegExp) => menu(page).getByRole('menuitem', { name });
const rightClick = (page: Page, slug: string) => page.locator(`${nodeSel(slug)} .wn-head`).click({ button: 'right' });
const state = (page: Page, slug: string) => page.locator(nodeSel(slug)).getAttribute('data-state');
const saved = (flowId: string) => studio.weft.api<FlowDocument>('GET', `/api/flows/${flowId}`);

/** Run the flow from the Run tab and wait until the run has ended; its status. */
async function runFlow(page: Page): Promise<string | null> {
  await page.getByTestId('tab-run').click();
  const before = await page.getByTestId('current-run').getAttribute('data-run-id').catch(() => null);
  await page.getByTestId('run-button').click();
  await page.waitForFunction(
    (before) => {
      const run = document.querySelector('[data-testid="current-run"]');
      return !!run && run.getAttribute('data-run-id') !== before && ['completed', 'failed'].includes(run.getAttribute('data-status') ?? '');
    },
    before,
    { timeout: 15_000 },
  );
  return page.getByTestId('current-run').getAttribute('data-status');
}

describe('the node menu', () => {
  it('Disable: the run skips the node and what follows it, and completes', async () => {
    const { page, shot } = studio;
    const flowId = await studio.openFlow(projectId, apiFlow('Disable'));
    await rightClick(page, 'api_1');
    await shot('node-menu');
    await item(page, 'Disable').click();
    await expect.poll(() => menu(page).count()).toBe(0);
    await page.locator(`${nodeSel('api_1')} [data-testid="disabled-badge"]`).waitFor();
    // its panel says so too (the right click showed the node there)
    await expect.poll(() => page.getByTestId('node-switches').textContent()).toContain('Disabled');
    await waitSaved(page);
    expect((await saved(flowId)).nodes.find((n) => n.id === 'api_1')?.disabled).toBe(true);
    // the trigger's own menu cannot disable it
    await rightClick(page, 'webhookTrigger_1');
    expect(await item(page, /^Disable/).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    calls = 0;
    expect(await runFlow(page)).toBe('completed');
    await expect.poll(() => state(page, 'apiResponse_1')).toBe('skipped');
    expect(await state(page, 'api_1')).toBe('skipped');
    expect(await state(page, 'webhookTrigger_1')).toBe('completed');
    expect(calls).toBe(0);
    await shot('disabled-run');

    // Enable, as one undoable step
    await rightClick(page, 'api_1');
    await item(page, 'Enable').click();
    expect(await page.locator(nodeSel('api_1')).getAttribute('data-disabled')).toBeNull();
    await page.keyboard.press('Control+z');
    expect(await page.locator(nodeSel('api_1')).getAttribute('data-disabled')).toBe('true');
  });

  it('Pin output after a run: the next run does not call the server, and shows the node pinned', async () => {
    const { page, shot } = studio;
    const flowId = await studio.openFlow(projectId, apiFlow('Pin'));
    // nothing to pin before a run
    await rightClick(page, 'api_1');
    expect(await item(page, /^Pin output/).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    calls = 0;
    expect(await runFlow(page)).toBe('completed');
    expect(calls).toBe(1);
    await expect.poll(() => state(page, 'api_1')).toBe('completed');
    await rightClick(page, 'api_1');
    await item(page, 'Pin output').click();
    await page.locator(`${nodeSel('api_1')} [data-testid="pin-badge"]`).waitFor();
    await waitSaved(page);
    const pinned = (await saved(flowId)).nodes.find((n) => n.id === 'api_1')?.pinned;
    expect(pinned?.output).toEqual({ source: 'server' });
    expect(pinned?.runId).toMatch(/^run_/);

    expect(await runFlow(page)).toBe('completed');
    expect(calls).toBe(1);
    await page.locator(`${nodeSel('api_1')} [data-testid="node-pinned-state"]`).waitFor();
    await expect.poll(() => state(page, 'apiResponse_1')).toBe('completed');
    await page.locator(`${nodeSel('api_1')} .wn-head`).click();
    await page.getByTestId('inspector-pinned').waitFor();
    await shot('pinned-run');

    // Unpin: the run calls the server again
    await rightClick(page, 'api_1');
    await item(page, 'Unpin output').click();
    expect(await runFlow(page)).toBe('completed');
    expect(calls).toBe(2);
  });

  it('Duplicate: a copy with a fresh id beside the node, without connections; undo removes it', async () => {
    const { page, shot } = studio;
    const flowId = await studio.openFlow(projectId, apiFlow('Duplicate'));
    await rightClick(page, 'api_1');
    await item(page, 'Duplicate').click();
    await page.locator(nodeSel('api_2')).waitFor();
    await shot('duplicated');
    const [original, copy] = await Promise.all([page.locator(nodeSel('api_1')).boundingBox(), page.locator(nodeSel('api_2')).boundingBox()]);
    expect(copy!.x).toBeGreaterThan(original!.x);
    expect(copy!.y).toBeGreaterThan(original!.y);
    expect(await page.locator('[data-testid="edge"]').count()).toBe(2);
    await waitSaved(page);
    const flow = await saved(flowId);
    expect(flow.nodes.find((n) => n.id === 'api_2')?.values).toMatchObject({ url: upstreamUrl, method: 'GET' });
    expect(flow.edges).toHaveLength(2);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator(nodeSel('api_2')).count()).toBe(0);
  });

  it('Delete: a node with its connections, and an edge from its own menu', async () => {
    const { page } = studio;
    const flowId = await studio.openFlow(projectId, apiFlow('Delete'));
    const hit = (await page.locator('[data-testid="edge"][data-edge-id="e2"] .we-hit').boundingBox())!;
    await page.mouse.click(hit.x + hit.width / 2, hit.y + hit.height / 2, { button: 'right' });
    expect(await menu(page).getByRole('menuitem').allTextContents()).toEqual(['Add breakpoint', 'Delete']);
    await item(page, 'Delete').click();
    await expect.poll(() => page.locator('[data-testid="edge"]').count()).toBe(1);
    expect(await page.locator(nodeSel('apiResponse_1')).count()).toBe(1);

    await rightClick(page, 'api_1');
    await item(page, 'Delete').click();
    await expect.poll(() => page.locator(nodeSel('api_1')).count()).toBe(0);
    expect(await page.locator('[data-testid="edge"]').count()).toBe(0);
    await waitSaved(page);
    const flow = await saved(flowId);
    expect(flow.nodes.map((n) => n.id).sort()).toEqual(['apiResponse_1', 'webhookTrigger_1']);
    expect(flow.edges).toEqual([]);
  });

  it("Open docs: the node's page in a new tab, from its catalogue entry", async () => {
    const { page } = studio;
    await studio.openFlow(projectId, apiFlow('Docs'));
    await rightClick(page, 'api_1');
    const [docs] = await Promise.all([page.waitForEvent('popup'), item(page, 'Open docs').click()]);
    await docs.getByTestId('node-docs').waitFor();
    expect(new URL(docs.url()).pathname).toBe('/docs/nodes/apiNode');
    await expect.poll(() => docs.locator('h1').textContent()).toBe('API Request');
    expect(await docs.locator('.node-docs-table').first().textContent()).toContain('URL');
    await docs.screenshot({ path: join(artifacts, 'node-menu-docs-page.png') });
    await docs.close();
  });

  it('closes on Esc and on a click outside, and moves with the arrow keys', async () => {
    const { page } = studio;
    await studio.openFlow(projectId, apiFlow('Close'));
    await rightClick(page, 'api_1');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Duplicate');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Disable');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu(page).count()).toBe(0);
    // Esc closed the menu only: the node stays selected
    expect(await page.locator(nodeSel('api_1')).getAttribute('class')).toContain('is-selected');

    await rightClick(page, 'api_1');
    await menu(page).waitFor();
    const canvas = (await page.getByTestId('canvas').boundingBox())!;
    await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height - 40);
    await expect.poll(() => menu(page).count()).toBe(0);
    expect(await page.locator(nodeSel('api_1')).count()).toBe(1);
    expect(studio.errors).toEqual([]);
  });
});
