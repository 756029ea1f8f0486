/**
 * Browser test: breakpoints on edges (docs/debugging.md#breakpoints). Set one from the edge's
 * right-click menu, run: the run pauses there and the studio shows the held message in an
 * editable box; edit it and Step (the run pauses at the next edge), then Continue to the end,
 * where the response shows the edited message went on.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSel } from './testing/canvas-actions.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let projectId = '';

beforeAll(async () => {
  studio = await openStudio('breakpoints');
  projectId = (await studio.project('Breakpoints')).id;
}, 120_000);
afterAll(async () => studio?.close());

/** webhook -e1-> variables -e2-> response echoing the variable */
const flow = {
  name: 'Breakpoints',
  nodes: [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
    { id: 'variables_1', type: 'variablesNode', position: { x: 320, y: 0 }, values: { mapping: [{ key: 'v', type: 'string', value: 'hi {{trigger.output.name}}' }] } },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 640, y: 0 }, values: { outputMapping: [{ key: 'echo', value: '{{variables_1.output.v}}' }] } },
  ],
  edges: [
    { id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'variables_1', targetHandle: 'in' },
    { id: 'e2', source: 'variables_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' },
  ],
};

const edgeSel = (id: string) => `[data-testid="edge"][data-edge-id="${id}"]`;
async function edgeMenu(page: Page, id: string): Promise<void> {
  const hit = (await page.locator(`${edgeSel(id)} .we-hit`).boundingBox())!;
  await page.mouse.click(hit.x + hit.width / 2, hit.y + hit.height / 2, { button: 'right' });
}
const held = (page: Page) => page.getByTestId('held-message');
const heldJson = async (page: Page) => JSON.parse(await held(page).inputValue()) as unknown;

describe('breakpoints in the studio', () => {
  it('set → hit → edit and step → continue', async () => {
    const { page, shot, weft } = studio;
    await studio.openFlow(projectId, flow);
    await edgeMenu(page, 'e1');
    await page.getByTestId('context-menu').getByRole('menuitem', { name: 'Add breakpoint' }).click();
    await page.locator(`${edgeSel('e1')} [data-testid="breakpoint"]`).waitFor();
    expect(await page.locator(edgeSel('e1')).getAttribute('data-breakpoint')).toBe('on');

    await page.getByTestId('tab-run').click();
    await page.getByTestId('run-input').fill('{"name": "Ada"}');
    await page.getByTestId('run-button').click();
    // hit: paused on e1 with the trigger's output held, nothing after it run
    await held(page).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('paused-at-breakpoint').textContent()).toContain('webhookTrigger_1 → variables_1');
    expect(await heldJson(page)).toEqual({ name: 'Ada' });
    expect(await page.locator(edgeSel('e1')).getAttribute('data-paused')).toBe('true');
    expect(await page.locator(nodeSel('variables_1')).getAttribute('data-state')).toBe('idle');
    expect(await page.getByTestId('current-run').getAttribute('data-status')).toBe('running');
    expect(await page.getByTestId('run-state').textContent()).toBe('paused');
    await shot('paused-at-breakpoint');

    // edit and step: variables_1 runs on the edited message, the run pauses at the next edge, e2
    await held(page).fill('{"name": "Grace"}');
    await page.getByTestId('debug-step').click();
    await expect.poll(() => page.locator(edgeSel('e2')).getAttribute('data-paused'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => heldJson(page)).toEqual({ v: 'hi Grace' });
    expect(await page.getByTestId('paused-at-breakpoint').textContent()).toContain('variables_1 → apiResponse_1');
    expect(await page.locator(edgeSel('e1')).getAttribute('data-paused')).toBeNull();
    await shot('stepped-to-next-edge');

    // continue: to the end; the box goes away
    await page.getByTestId('debug-continue').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="current-run"]')?.getAttribute('data-status') === 'completed', undefined, { timeout: 15_000 });
    expect(await page.getByTestId('paused-at-breakpoint').count()).toBe(0);
    const runId = (await page.getByTestId('current-run').getAttribute('data-run-id'))!;
    const snapshot = await weft.api<{ nodes: Record<string, { output?: unknown }> }>('GET', `/api/runs/${runId}`);
    expect(snapshot.nodes.apiResponse_1.output).toMatchObject({ echo: 'hi Grace' });
    await shot('continued-to-the-end');

    // the menu now offers to remove it; without it the next run goes straight through
    await edgeMenu(page, 'e1');
    await page.getByTestId('context-menu').getByRole('menuitem', { name: 'Remove breakpoint' }).click();
    expect(await page.locator(`${edgeSel('e1')} [data-testid="breakpoint"]`).count()).toBe(0);
    await page.getByTestId('run-button').click();
    await page.waitForFunction((before) => {
      const run = document.querySelector('[data-testid="current-run"]');
      return run?.getAttribute('data-run-id') !== before && run?.getAttribute('data-status') === 'completed';
    }, runId, { timeout: 15_000 });
    expect(studio.errors).toEqual([]);
  });

  it('a condition in the Run tab: a run whose message does not match goes through, one that matches stops', async () => {
    const { page } = studio;
    await studio.openFlow(projectId, { ...flow, name: 'Conditioned breakpoint' });
    await edgeMenu(page, 'e2');
    await page.getByTestId('context-menu').getByRole('menuitem', { name: 'Add breakpoint' }).click();
    await page.getByTestId('tab-run').click();
    const condition = page.locator('[data-testid="breakpoint-condition"][data-edge="e2"]');
    expect(await page.getByTestId('breakpoint-list').textContent()).toContain('variables_1 → apiResponse_1');
    await condition.fill('{{message.output.v}} == hi Grace');
    await condition.press('Enter');

    await page.getByTestId('run-input').fill('{"name": "Ada"}');
    await page.getByTestId('run-button').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="current-run"]')?.getAttribute('data-status') === 'completed', undefined, { timeout: 15_000 });
    expect(await page.getByTestId('paused-at-breakpoint').count()).toBe(0);
    const passed = await page.getByTestId('current-run').getAttribute('data-run-id');

    await page.getByTestId('run-input').fill('{"name": "Grace"}');
    await page.getByTestId('run-button').click();
    await held(page).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('current-run').getAttribute('data-run-id')).not.toBe(passed);
    expect(await heldJson(page)).toEqual({ v: 'hi Grace' });
    await page.getByTestId('debug-abort').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="current-run"]')?.getAttribute('data-status') === 'cancelled', undefined, { timeout: 15_000 });
    expect(studio.errors).toEqual([]);
  });
});
