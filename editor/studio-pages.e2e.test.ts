/**
 * Browser test: projects and flows — create a project, then a project's flows: rename,
 * duplicate, export, import and delete (with confirmation); every screen has its own URL.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradeFlow } from './testing/fixtures.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;

beforeAll(async () => {
  studio = await openStudio('pages');
}, 120_000);
afterAll(async () => studio?.close());

const rows = () => studio.page.getByTestId('flow-row');
const names = () => studio.page.locator('[data-testid="flow-row"] .flow-name').allTextContents();

describe('projects and flows', () => {
  it('creates a project and lands on its (shareable) flow list', async () => {
    const { page, shot, weft } = studio;
    await page.goto(`${weft.url}/`);
    await page.getByLabel('New project name').fill('Support bots');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/projects\/proj_/);
    await page.getByRole('heading', { name: 'Support bots' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Support bots' }).waitFor();
    await shot('project');
  });

  it('imports an exported flow, renames, duplicates and exports it', async () => {
    const { page, shot } = studio;
    await page.getByTestId('import-file').setInputFiles({ name: 'grade.weft.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(gradeFlow)) });
    await expect.poll(names).toEqual(['Grade']);
    await rows().first().getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Flow name', { exact: true }).fill('Grade a score');
    await page.getByLabel('Flow name', { exact: true }).press('Enter');
    await expect.poll(names).toEqual(['Grade a score']);
    await rows().first().getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(async () => (await names()).sort()).toEqual(['Grade a score', 'Grade a score (copy)']);
    const download = page.waitForEvent('download');
    await rows().filter({ hasText: 'Grade a score (copy)' }).getByRole('button', { name: 'Export' }).click();
    const file = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
    expect([file.format, file.flows.length]).toEqual(['weft-export', 1]);
    expect(file.flows[0].name).toBe('Grade a score (copy)');
    expect(file.flows[0].nodes.map((n: { id: string }) => n.id)).toEqual(gradeFlow.nodes.map((n) => n.id));
    expect(file.flows[0].edges).toEqual(gradeFlow.edges);
    await shot('flows');
  });

  it('refuses a file that is not a flow, saying why', async () => {
    const { page } = studio;
    await page.getByTestId('import-file').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') });
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining('This is not a weft export'));
  });

  it('deletes a flow only after confirmation', async () => {
    const { page, shot } = studio;
    const copy = rows().filter({ hasText: 'Grade a score (copy)' });
    await copy.getByRole('button', { name: 'Delete' }).click();
    await shot('confirm-delete');
    await copy.getByRole('button', { name: 'Keep' }).click();
    expect(await rows().count()).toBe(2);
    await copy.getByRole('button', { name: 'Delete' }).click();
    await copy.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect.poll(names).toEqual(['Grade a score']);
  });

  it('opens a flow at its own URL and comes back', async () => {
    const { page } = studio;
    await rows().first().locator('.flow-row-main').click();
    await page.waitForURL(/\/flows\/flow_/);
    await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
    await page.goBack();
    await expect.poll(names).toEqual(['Grade a score']);
    expect(studio.errors).toEqual([]);
  });
});
