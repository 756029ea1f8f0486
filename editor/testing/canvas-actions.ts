/** @module editor/testing/canvas-actions — what a builder does on the canvas, as browser steps for tests. */
import type { Page } from 'playwright-core';

export const nodeSel = (slug: string) => `[data-testid="node"][data-node-id="${slug}"]`;

/** Drag a catalogue entry from the palette onto the canvas at (x, y) within the canvas. */
export async function dragFromPalette(page: Page, type: string, x: number, y: number): Promise<void> {
  await page.dragAndDrop(`[data-testid="palette-item"][data-node-type="${type}"]`, '[data-testid="canvas"]', { targetPosition: { x, y } });
}

async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`not visible: ${selector}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drag from a node's output socket (by handle) to another node's input socket. */
export async function connect(page: Page, source: string, target: string, handle?: string): Promise<void> {
  const from = await centre(page, handle ? `${nodeSel(source)} [data-handle="${handle}"] .ws` : `${nodeSel(source)} .wn-out--single .ws`);
  const to = await centre(page, `${nodeSel(target)} .wn-in .ws`);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
}

/** Click a node (it becomes the focused node of the side panel). */
export async function pick(page: Page, slug: string): Promise<void> {
  await page.locator(`${nodeSel(slug)} .wn-head`).click();
}

/** Wait until autosave has stored every edit. */
export async function waitSaved(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid="save-status"]')?.getAttribute('data-state') === 'saved', undefined, { timeout: 10_000 });
}

/** Record every node state change and token the page shows, from now on. */
export async function recordRun(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: { kind: 'state' | 'token'; id: string; value: string; t: number }[] = [];
    (window as unknown as { __runLog: typeof log }).__runLog = log;
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        const el = m.target as HTMLElement;
        if (m.type === 'attributes' && el.dataset.testid === 'node') log.push({ kind: 'state', id: el.dataset.nodeId!, value: el.dataset.state!, t: performance.now() });
        for (const added of m.addedNodes) {
          const a = added as HTMLElement;
          if (a.dataset?.testid === 'token') log.push({ kind: 'token', id: a.dataset.edgeId!, value: a.dataset.kind!, t: performance.now() });
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
}

export async function runLog(page: Page): Promise<{ kind: 'state' | 'token'; id: string; value: string }[]> {
  return page.evaluate(() => (window as unknown as { __runLog: { kind: 'state' | 'token'; id: string; value: string }[] }).__runLog);
}

/** The first time each node reached `state`, in order. */
export function firstTimes(log: { kind: string; id: string; value: string }[], state: string): string[] {
  const seen: string[] = [];
  for (const entry of log) if (entry.kind === 'state' && entry.value === state && !seen.includes(entry.id)) seen.push(entry.id);
  return seen;
}
