/**
 * Browser test: sticky notes (added from the toolbar and with Shift+S, markdown rendered safely,
 * moved, resized, recoloured, deleted and undone, saved with the flow and there after a reload,
 * shown on the minimap),
 * and a connection dropped on the empty canvas opening the node search that adds a connected node
 * (one undo step takes both away).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../contract/flow-document.ts';
import { nodeSel, waitSaved } from './testing/canvas-actions.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let projectId = '';

const trigger = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} };
const note = '[data-testid="sticky-note"]';

beforeAll(async () => {
  studio = await openStudio('notes');
  projectId = (await studio.project('Studio notes')).id;
}, 120_000);
afterAll(async () => studio?.close());

async function boxOf(selector: string) {
  const box = await studio.page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`not visible: ${selector}`);
  return box;
}

async function drag(from: { x: number; y: number }, by: { x: number; y: number }) {
  const { mouse } = studio.page;
  await mouse.move(from.x, from.y);
  await mouse.down();
  await mouse.move(from.x + by.x / 2, from.y + by.y / 2, { steps: 4 });
  await mouse.move(from.x + by.x, from.y + by.y, { steps: 4 });
  await mouse.up();
}

describe('sticky notes', () => {
  let flowId = '';

  it('adds a note, renders its markdown as text-safe markdown, moves and resizes it, and saves it with the flow', async () => {
    const { page, shot, weft } = studio;
    // two nodes far apart: the middle of the fitted view, where a new note goes, is empty
    const response = { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 900, y: 0 }, values: {} };
    flowId = await studio.openFlow(projectId, { name: 'Noted', nodes: [trigger, response], edges: [] });
    await page.getByTestId('add-note').click();
    const editor = page.getByTestId('note-editor');
    await editor.waitFor();
    await editor.fill('# Plan\n**bold** then <img src=x onerror="window.__xss=1">');
    await editor.press('Escape');
    const body = page.locator(`${note} [data-testid="note-body"]`);
    await expect.poll(() => body.locator('strong').textContent()).toBe('bold');
    expect(await body.locator('h1').textContent()).toBe('Plan');
    expect(await body.locator('img').count()).toBe(0);
    expect(await body.textContent()).toContain('<img src=x onerror="window.__xss=1">');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await shot('note-written');

    // notes sit behind nodes: a node is drawn above the layer that holds them
    const order = await page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="notes-layer"]')!).zIndex);
    expect(order).toBe('-1');

    const before = await boxOf(note);
    await drag({ x: before.x + 40, y: before.y + 20 }, { x: 60, y: 90 });
    const moved = await boxOf(note);
    expect(moved.x - before.x).toBeCloseTo(60, 0);
    expect(moved.y - before.y).toBeCloseTo(90, 0);
    const handle = await boxOf(`${note} [data-testid="note-resize"]`);
    await drag({ x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 }, { x: 120, y: 70 });
    const resized = await boxOf(note);
    expect(resized.width - moved.width).toBeCloseTo(120, 0);
    expect(resized.height - moved.height).toBeCloseTo(70, 0);
    await page.getByTestId('note-color-blue').click();
    await expect.poll(() => page.locator(note).getAttribute('class')).toContain('sticky-note--blue');
    await shot('note-moved-resized-blue');

    await waitSaved(page);
    const saved = await weft.api<CheckedFlow>('GET', `/api/flows/${flowId}`);
    expect(saved.nodes.map((n) => n.id)).toEqual(['webhookTrigger_1', 'apiResponse_1']);
    expect(saved.notes).toHaveLength(1);
    const [stored] = saved.notes!;
    expect(stored).toMatchObject({ text: '# Plan\n**bold** then <img src=x onerror="window.__xss=1">', color: 'blue' });
    const zoom = await page.evaluate(() => new DOMMatrix(getComputedStyle(document.querySelector('[data-testid="notes-layer"]')!.parentElement!).transform).a);
    expect(stored.size.width).toBeCloseTo(resized.width / zoom, -1);
    expect(stored.size.height).toBeCloseTo(resized.height / zoom, -1);

    await page.reload();
    await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
    await expect.poll(() => page.locator(`${note} strong`).textContent()).toBe('bold');
    expect(await page.locator(note).evaluate((el) => [el.style.width, el.style.height])).toEqual([`${stored.size.width}px`, `${stored.size.height}px`]);
    await page.locator(`${note} [data-testid="note-body"]`).dblclick();
    await expect.poll(() => page.getByTestId('note-editor').inputValue()).toBe(stored.text);
    await page.getByTestId('note-editor').press('Escape');
    await shot('note-after-reload');

    // the minimap shows the note too: a translucent patch of its colour, where it is between the nodes
    const mapNote = page.getByTestId('minimap-note');
    await expect.poll(() => mapNote.count()).toBe(1);
    expect(await mapNote.getAttribute('class')).toContain('minimap-note--blue');
    expect(await mapNote.evaluate((el) => Number(getComputedStyle(el).backgroundColor.match(/rgba\(.*, ([\d.]+)\)/)?.[1] ?? 1))).toBeLessThan(1);
    const [triggerOnMap, responseOnMap] = await page.getByTestId('minimap-node').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left));
    const noteOnMap = await boxOf('[data-testid="minimap-note"]');
    // the trigger is at x 0 and the response at x 900: the note is where its position says, at the nodes' scale
    expect((noteOnMap.x - triggerOnMap) / (responseOnMap - triggerOnMap)).toBeCloseTo(stored.position.x / 900, 1);
    expect(noteOnMap.width / (responseOnMap - triggerOnMap)).toBeCloseTo(stored.size.width / 900, 1);
  });

  it('deletes the selected note with Delete (and no node with it), undoes that, and adds one with Shift+S', async () => {
    const { page, weft } = studio;
    await page.locator(`${note} [data-testid="note-body"]`).click();
    await page.keyboard.press('Delete');
    await expect.poll(() => page.locator(note).count()).toBe(0);
    expect(await page.locator('[data-testid="node"]').count()).toBe(2);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator(note).count()).toBe(1);
    await page.locator('[data-testid="canvas"]').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Shift+S');
    await page.getByTestId('note-editor').fill('second');
    // a click on the empty canvas ends the typing and keeps the text
    await page.locator('[data-testid="canvas"]').click({ position: { x: 20, y: 20 } });
    await page.getByTestId('note-editor').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator(note).count()).toBe(2);
    await waitSaved(page);
    const saved = await weft.api<CheckedFlow>('GET', `/api/flows/${flowId}`);
    expect(saved.notes!.map((n) => n.text)).toEqual(['# Plan\n**bold** then <img src=x onerror="window.__xss=1">', 'second']);
    // selecting nodes afterwards unselects the note: Delete then removes the nodes, not it
    const first = page.locator(note).first();
    await first.locator('[data-testid="note-body"]').click();
    await expect.poll(() => first.getAttribute('class')).toContain('is-selected');
    await page.keyboard.press('Control+a');
    await expect.poll(() => first.getAttribute('class')).not.toContain('is-selected');
    await page.keyboard.press('Delete');
    await expect.poll(() => page.locator('[data-testid="node"]').count()).toBe(0);
    expect(await page.locator(note).count()).toBe(2);
    expect(studio.errors).toEqual([]);
  });
});

describe('dropping a connection on the empty canvas', () => {
  it('opens the node search there; Esc cancels, choosing adds the node connected to the dragged port', async () => {
    const { page, shot, weft } = studio;
    const flowId = await studio.openFlow(projectId, { name: 'Dropped', nodes: [trigger], edges: [] });
    const socket = await boxOf(`${nodeSel('webhookTrigger_1')} .wn-out--single .ws`);
    const from = { x: socket.x + socket.width / 2, y: socket.y + socket.height / 2 };
    const palette = page.getByTestId('connect-palette');

    await drag(from, { x: 260, y: 120 });
    await palette.waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="node"]').count()).toBe(1);
    expect(await page.locator('[data-testid="edge"]').count()).toBe(0);

    await drag(from, { x: 260, y: 120 });
    await palette.waitFor();
    await palette.getByLabel('Search nodes to connect').fill('Condition');
    await shot('connect-palette');
    await palette.locator('[data-testid="connect-palette-item"][data-node-type="conditionNode"]').click();
    await page.locator(nodeSel('condition_1')).waitFor();
    await expect.poll(() => page.locator('[data-testid="edge"]').count()).toBe(1);
    // the new node's input is where the connection was dropped
    const input = await boxOf(`${nodeSel('condition_1')} .wn-in .ws`);
    expect(Math.abs(input.x + input.width / 2 - (from.x + 260))).toBeLessThan(12);
    expect(Math.abs(input.y + input.height / 2 - (from.y + 120))).toBeLessThan(12);
    await shot('connected-condition');
    await waitSaved(page);
    const saved = await weft.api<CheckedFlow>('GET', `/api/flows/${flowId}`);
    expect(saved.nodes.map((n) => n.type)).toEqual(['webhookTriggerNode', 'conditionNode']);
    expect(saved.edges).toMatchObject([{ source: 'webhookTrigger_1', sourceHandle: 'out', target: 'condition_1', targetHandle: 'in' }]);

    // adding the connected node was one step: one undo removes the node and its connection
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator('[data-testid="node"]').count()).toBe(1);
    expect(await page.locator('[data-testid="edge"]').count()).toBe(0);
    await waitSaved(page);
    const undone = await weft.api<CheckedFlow>('GET', `/api/flows/${flowId}`);
    expect(undone.nodes.map((n) => n.id)).toEqual(['webhookTrigger_1']);
    expect(undone.edges).toEqual([]);
    expect(studio.errors).toEqual([]);
  });
});
