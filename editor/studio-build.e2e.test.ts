/**
 * Browser test: build a flow from the palette (drag, connect, configure through the generated
 * form), refuse senseless connections with a visible reason, save, reload and find it unchanged;
 * conditional fields show and hide; copy/paste, delete and undo; node icons are SVG and the
 * palette finds nodes by synonyms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, dragFromPalette, nodeSel, pick, waitSaved } from './testing/canvas-actions.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let flowId = '';

beforeAll(async () => {
  studio = await openStudio('build');
}, 120_000);
afterAll(async () => studio?.close());

describe('building a flow in the browser', () => {
  it('creates a flow from the project page and opens its canvas', async () => {
    const { page, shot, project } = studio;
    const { id } = await project('Studio build');
    await page.goto(`${studio.weft.url}/projects/${id}`);
    await page.getByLabel('New flow name').fill('Greeter');
    await page.getByRole('button', { name: 'Create flow' }).click();
    await page.waitForURL(/\/flows\/flow_/);
    flowId = page.url().split('/flows/')[1];
    await page.locator(nodeSel('webhookTrigger_1')).waitFor();
    await page.locator('[data-testid="palette-item"]').first().waitFor();
    await shot('empty-flow');
  });

  it('draws node icons as SVG and finds nodes by synonyms', async () => {
    const { page, shot } = studio;
    // no emoji font needed: the icon is an inline SVG with drawn paths
    const icon = page.locator(`${nodeSel('webhookTrigger_1')} .wn-icon svg[data-icon="webhook"] path`);
    expect(await icon.count()).toBeGreaterThan(0);
    const search = page.getByLabel('Search nodes');
    await search.fill('if');
    const first = page.locator('[data-testid="palette-item"]').first();
    await expect.poll(() => first.getAttribute('data-node-type')).toBe('conditionNode');
    expect(await first.locator('svg[data-icon="condition"]').count()).toBe(1);
    await shot('palette-search-if');
    await search.fill('');
  });

  it('drags nodes in, connects them and configures them through the form', async () => {
    const { page, shot } = studio;
    await page.getByTestId('tab-run').click();
    await page.getByTestId('run-input').fill('{"name": "Ada"}');
    await dragFromPalette(page, 'variablesNode', 380, 300);
    await dragFromPalette(page, 'apiResponseNode', 660, 300);
    await page.locator(nodeSel('variables_1')).waitFor();
    await page.locator(nodeSel('apiResponse_1')).waitFor();
    await shot('dropped');
    await connect(page, 'webhookTrigger_1', 'variables_1');
    await connect(page, 'variables_1', 'apiResponse_1');
    await expect.poll(() => page.locator('[data-testid="edge"]').count()).toBe(2);

    await pick(page, 'variables_1');
    await expect.poll(() => page.getByTestId('config-panel').isVisible()).toBe(true);
    await page.getByLabel('Key 1').fill('greeting');
    const value = page.getByLabel('Value 1');
    await value.fill('Hello {{trig');
    await page.getByTestId('suggestions').getByText('{{trigger.output.name}}').click();
    await expect.poll(() => value.inputValue()).toBe('Hello {{trigger.output.name}}');

    await pick(page, 'apiResponse_1');
    const out = page.getByLabel('Value 1');
    await out.fill('{{');
    await shot('template-suggestions');
    await page.getByTestId('suggestions').getByText('{{variables_1.output}}', { exact: true }).click();
    await waitSaved(page);
    await shot('configured');
  });

  it('refuses a cycle and a second trigger, saying why', async () => {
    const { page, shot } = studio;
    await page.getByRole('button', { name: 'Fit' }).click();
    await page.waitForTimeout(200);
    await connect(page, 'apiResponse_1', 'variables_1');
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining('That would make a cycle'));
    await shot('cycle-refused');
    await dragFromPalette(page, 'webhookTriggerNode', 500, 640);
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining('A flow has one trigger'));
    expect(await page.locator('[data-testid="node"]').count()).toBe(3);
    expect(await page.locator('[data-testid="edge"]').count()).toBe(2);
  });

  it('saves, and a reload shows the same flow', async () => {
    const { page, shot, weft } = studio;
    await pick(page, 'variables_1');
    await page.locator('.retry summary').click();
    await page.getByTestId('on-error').selectOption('continue');
    await waitSaved(page);
    const saved = await weft.api<{ nodes: { id: string; values: Record<string, unknown>; onError?: string }[]; edges: unknown[]; version: number }>('GET', `/api/flows/${flowId}`);
    expect(saved.nodes.find((n) => n.id === 'variables_1')!.onError).toBe('continue');
    expect(saved.nodes.find((n) => n.id === 'apiResponse_1')).not.toHaveProperty('onError');
    expect(saved.nodes.map((n) => n.id).sort()).toEqual(['apiResponse_1', 'variables_1', 'webhookTrigger_1']);
    expect(saved.edges).toHaveLength(2);
    expect(saved.nodes.find((n) => n.id === 'variables_1')!.values.mapping).toEqual([{ key: 'greeting', type: 'string', value: 'Hello {{trigger.output.name}}' }]);
    expect(saved.nodes.find((n) => n.id === 'apiResponse_1')!.values.outputMapping).toEqual([{ key: 'result', value: '{{variables_1.output}}' }]);

    await page.reload();
    await page.locator(nodeSel('apiResponse_1')).waitFor();
    await expect.poll(() => page.locator('[data-testid="edge"]').count()).toBe(2);
    await pick(page, 'variables_1');
    await expect.poll(() => page.getByLabel('Value 1').inputValue()).toBe('Hello {{trigger.output.name}}');
    expect(await page.getByTestId('on-error').inputValue()).toBe('continue');
    await shot('reloaded');
    const again = await weft.api<{ version: number; nodes: unknown[]; edges: unknown[] }>('GET', `/api/flows/${flowId}`);
    expect(again.version).toBe(saved.version);
    expect(again.nodes).toEqual(saved.nodes);
    expect(again.edges).toEqual(saved.edges);
  });

  it('renames a node id and updates the references to it', async () => {
    const { page, shot, weft } = studio;
    await pick(page, 'variables_1');
    await page.getByTestId('slug-input').fill('greeting');
    await page.getByTestId('slug-input').press('Enter');
    await page.locator(nodeSel('greeting')).waitFor();
    await pick(page, 'apiResponse_1');
    await expect.poll(() => page.getByLabel('Value 1').inputValue()).toBe('{{greeting.output}}');
    await shot('renamed');
    await waitSaved(page);
    const saved = await weft.api<{ nodes: { id: string; values: Record<string, unknown> }[]; edges: { source: string }[] }>('GET', `/api/flows/${flowId}`);
    expect(saved.nodes.find((n) => n.id === 'apiResponse_1')!.values.outputMapping).toEqual([{ key: 'result', value: '{{greeting.output}}' }]);
    expect(saved.edges.map((e) => e.source)).toContain('greeting');
    await page.getByTestId('slug-input').fill('1 bad');
    await page.getByTestId('slug-input').press('Enter');
    expect(await page.locator('.slug-editor .field-problem').textContent()).toMatch(/letters, digits/);
  });

  it('shows a save conflict instead of overwriting, and loads the other version on request', async () => {
    const { page, shot, weft } = studio;
    await waitSaved(page);
    const current = await weft.api<{ version: number; nodes: unknown[]; edges: unknown[] }>('GET', `/api/flows/${flowId}`);
    await weft.api('PUT', `/api/flows/${flowId}`, { ...current, name: 'Greeter (edited elsewhere)' });
    await pick(page, 'apiResponse_1');
    await page.getByLabel('Key 1').fill('answer');
    await page.getByTestId('conflict').waitFor();
    expect(await page.getByTestId('save-status').getAttribute('data-state')).toBe('conflict');
    expect(await page.getByTestId('conflict').textContent()).toContain('The flow changed elsewhere');
    await shot('conflict');
    // nothing was overwritten
    expect((await weft.api<{ name: string }>('GET', `/api/flows/${flowId}`)).name).toBe('Greeter (edited elsewhere)');
    await page.getByRole('button', { name: 'Load their version' }).click();
    await waitSaved(page);
    expect(await page.getByLabel('Flow name').inputValue()).toBe('Greeter (edited elsewhere)');
  });

  it('shows and hides conditional fields as their controlling field changes', async () => {
    const { page, shot } = studio;
    await dragFromPalette(page, 'forLoopNode', 420, 560);
    await pick(page, 'forLoop_1');
    const form = page.getByTestId('node-form');
    await expect.poll(() => form.getByTestId('field-initialValue').isVisible()).toBe(true);
    expect(await form.getByTestId('field-iteratorValue').count()).toBe(0);
    await shot('loop-range-fields');
    await form.getByTestId('field-iterateOver').locator('select').selectOption('list');
    await expect.poll(() => form.getByTestId('field-iteratorValue').isVisible()).toBe(true);
    expect(await form.getByTestId('field-initialValue').count()).toBe(0);
    expect(await form.getByTestId('field-endValue').count()).toBe(0);
    await shot('loop-list-fields');
    await form.getByTestId('field-iterateOver').locator('select').selectOption('range');
    await expect.poll(() => form.getByTestId('field-endValue').isVisible()).toBe(true);
    expect(await form.getByTestId('field-iteratorValue').count()).toBe(0);
  });

  it('copies, pastes, deletes and undoes', async () => {
    const { page } = studio;
    await pick(page, 'forLoop_1');
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await page.locator(nodeSel('forLoop_2')).waitFor();
    await page.keyboard.press('Delete');
    await expect.poll(() => page.locator(nodeSel('forLoop_2')).count()).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator(nodeSel('forLoop_2')).count()).toBe(1);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => page.locator(nodeSel('forLoop_2')).count()).toBe(0);
    expect(studio.errors).toEqual([]);
  });

  it('auto-arranges the flow left to right', async () => {
    const { page, shot, weft } = studio;
    const box = async (slug: string) => (await page.locator(nodeSel(slug)).boundingBox())!;
    // the arrangement checked is the chain's: the lone For Loop goes first
    await pick(page, 'forLoop_1');
    await page.keyboard.press('Delete');
    await waitSaved(page);
    const before = await weft.api<{ version: number }>('GET', `/api/flows/${flowId}`);
    await page.getByRole('button', { name: 'Arrange' }).click();
    // a chain ends up on one line, left to right, and the new positions are saved
    await expect.poll(async () => Math.abs((await box('webhookTrigger_1')).y - (await box('greeting')).y) < 2 && Math.abs((await box('greeting')).y - (await box('apiResponse_1')).y) < 2, { timeout: 10_000 }).toBe(true);
    expect((await box('webhookTrigger_1')).x).toBeLessThan((await box('greeting')).x);
    expect((await box('greeting')).x).toBeLessThan((await box('apiResponse_1')).x);
    await shot('arranged');
    await expect.poll(async () => (await weft.api<{ version: number }>('GET', `/api/flows/${flowId}`)).version).toBeGreaterThan(before.version);
    expect(studio.errors).toEqual([]);
  });

  it('selects several nodes (box, Ctrl+click, Esc), copies and deletes them together; the minimap shows them', async () => {
    const { page, shot } = studio;
    const selected = () => page.locator('[data-testid="node"].is-selected').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.nodeId).sort());
    await page.getByRole('button', { name: 'Fit' }).click();
    await expect.poll(() => page.getByTestId('minimap-node').count()).toBe(3);
    // a box around the first two nodes
    const first = (await page.locator(nodeSel('webhookTrigger_1')).boundingBox())!;
    const second = (await page.locator(nodeSel('greeting')).boundingBox())!;
    await page.keyboard.down('Shift');
    await page.mouse.move(first.x - 20, Math.min(first.y, second.y) - 20);
    await page.mouse.down();
    await page.mouse.move(second.x + second.width / 2, second.y + second.height + 20, { steps: 6 });
    await shot('box-select');
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await expect.poll(selected).toEqual(['greeting', 'webhookTrigger_1']);
    await page.keyboard.press('Escape');
    await expect.poll(selected).toEqual([]);
    await pick(page, 'greeting');
    await page.locator(`${nodeSel('apiResponse_1')} .wn-head`).click({ modifiers: ['Control'] });
    await expect.poll(selected).toEqual(['apiResponse_1', 'greeting']);
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await expect.poll(() => page.locator('[data-testid="node"]').count()).toBe(5);
    await expect.poll(() => page.getByTestId('minimap-node').count()).toBe(5);
    await page.keyboard.press('Delete');
    await expect.poll(() => page.locator('[data-testid="node"]').count()).toBe(3);
    await waitSaved(page);
    expect(studio.errors).toEqual([]);
  });
});
