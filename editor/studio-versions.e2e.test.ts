/**
 * Browser test: drafts and deployed versions. An edit of a deployed flow shows as "changes not
 * deployed" (listing it) until the next deploy; a deploy's note is in the versions list; the
 * side-by-side comparison marks an added and a changed node and lists the changed fields; a
 * rollback is one confirmed action that makes a new version; production runs name the version they
 * ran and test runs the draft; a half-built draft (a For Loop without its Loop End) is saved with
 * its problems shown (banner, node) and is still there after a reload.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow, FlowDocument } from '../contract/flow-document.ts';
import type { FlowVersion, FlowVersionSummary } from '../contract/versions.ts';
import { dragFromPalette, nodeSel, pick, waitSaved } from './testing/canvas-actions.ts';
import { gradeFlow } from './testing/fixtures.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let projectId = '';
let flowId = '';

beforeAll(async () => {
  studio = await openStudio('versions');
  projectId = (await studio.project('Versions')).id;
  flowId = await studio.openFlow(projectId, gradeFlow);
  await studio.page.locator(nodeSel('passed_1')).waitFor();
}, 120_000);
afterAll(async () => studio?.close());

type Mapped = { values: { mapping?: { value: string }[] } };
const valueOf = (flow: { nodes: (Mapped & { id: string })[] }, id: string) => flow.nodes.find((n) => n.id === id)?.values.mapping?.[0]?.value;

async function setValue(page: Page, slug: string, value: string): Promise<void> {
  await pick(page, slug);
  await page.getByLabel('Value 1').fill(value);
  await waitSaved(page);
}

async function deploy(page: Page, note: string): Promise<void> {
  await page.getByTestId('tab-deploy').click();
  await page.getByTestId('deploy-note').fill(note);
  await page.getByTestId('deploy-button').click();
  await expect.poll(() => page.getByTestId('deploy-state').textContent()).toBe('deployed');
}

const versionRows = (page: Page) => page.getByTestId('version-row');

/** a flow deployed from the studio and called with the project's API key */
const graded = { id: '', key: '' };
const callGraded = () => studio.weft.anonymous.request('POST', `/hook/${graded.id}`, { score: 72 }, { authorization: `Bearer ${graded.key}` });

describe('drafts and deployed versions', () => {
  it('shows changes not deployed after an edit of a deployed flow, lists them, and drops them after Deploy', async () => {
    const { page, shot } = studio;
    await deploy(page, 'first release');
    await expect.poll(() => versionRows(page).count()).toBe(1);
    expect(await page.getByTestId('undeployed-changes').count()).toBe(0);

    await setValue(page, 'passed_1', 'passed with honours');
    const indicator = page.getByTestId('undeployed-changes');
    await expect.poll(() => indicator.textContent()).toBe('1 change not deployed');
    await indicator.click();
    expect(await page.getByTestId('undeployed-list').locator('li').allTextContents()).toEqual(['Changed Variables (passed_1): mapping']);
    await shot('changes-not-deployed');
    // production still runs version 1: the draft's edit is not in it
    const one = await studio.weft.api<FlowVersion>('GET', `/api/flows/${flowId}/versions/1`);
    expect(valueOf(one, 'passed_1')).toBe('passed');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('undeployed-list').count()).toBe(0);

    await deploy(page, 'Honours for a pass');
    await expect.poll(() => indicator.count()).toBe(0);
    const flow = await studio.weft.api<FlowDocument>('GET', `/api/flows/${flowId}`);
    expect(flow.deployedVersion).toBe(2);
  });

  it('lists each deploy with its number, who, and its note', async () => {
    const { page, shot, weft } = studio;
    await expect.poll(() => versionRows(page).count()).toBe(2);
    const rows = versionRows(page);
    expect(await rows.nth(0).getAttribute('data-version')).toBe('2');
    expect(await rows.nth(0).getByTestId('version-note').textContent()).toBe('Honours for a pass');
    expect(await rows.nth(0).textContent()).toContain(weft.admin.user.email);
    expect(await rows.nth(0).textContent()).toContain('live');
    expect(await rows.nth(1).getByTestId('version-note').textContent()).toBe('first release');
    const listed = await weft.api<FlowVersionSummary[]>('GET', `/api/flows/${flowId}/versions`);
    expect(listed.map((v) => [v.version, v.note])).toEqual([
      [2, 'Honours for a pass'],
      [1, 'first release'],
    ]);
    await shot('versions-list');
  });

  it('compares the deployed version with the draft side by side, marking an added and a changed node', async () => {
    const { page, shot } = studio;
    await dragFromPalette(page, 'variablesNode', 300, 500);
    await page.locator(nodeSel('variables_1')).waitFor();
    await setValue(page, 'failed_1', 'failed, sadly');
    await expect.poll(() => page.getByTestId('undeployed-changes').textContent()).toBe('2 changes not deployed');

    await page.getByTestId('undeployed-changes').click();
    await page.getByTestId('undeployed-compare').click();
    const compare = page.getByTestId('compare');
    await compare.waitFor();
    const before = page.getByTestId('compare-before');
    const after = page.getByTestId('compare-after');
    expect(await before.locator('.compare-title').textContent()).toBe('Version 2');
    expect(await after.locator('.compare-title').textContent()).toBe('Draft');
    const markOf = (side: typeof before, id: string) => side.locator(`[data-testid="compare-node"][data-node-id="${id}"]`).getAttribute('data-mark');
    expect(await markOf(after, 'variables_1')).toBe('added');
    expect(await before.locator('[data-node-id="variables_1"]').count()).toBe(0);
    expect(await markOf(before, 'failed_1')).toBe('changed');
    expect(await markOf(after, 'failed_1')).toBe('changed');
    expect(await markOf(after, 'passed_1')).toBe('same');
    expect(await compare.getByRole('list', { name: 'Legend' }).textContent()).toContain('added');

    await after.locator('[data-node-id="failed_1"]').click();
    const field = page.getByTestId('changed-field');
    expect(await field.getAttribute('data-field')).toBe('mapping');
    expect(await field.locator('td').nth(0).textContent()).toContain('"failed"');
    expect(await field.locator('td').nth(1).textContent()).toContain('"failed, sadly"');
    await shot('compare-side-by-side');
    // read-only: Delete does not reach the canvas below (failed_1 was selected there)
    await page.keyboard.press('Delete');
    await page.getByTestId('compare-close').click();
    expect(await compare.count()).toBe(0);
    expect(await page.locator(nodeSel('failed_1')).count()).toBe(1);
  });

  it('rolls back in one confirmed action, making a new version, and the draft keeps saving', async () => {
    const { page, shot, weft } = studio;
    await page.getByTestId('tab-deploy').click();
    await versionRows(page).nth(1).getByTestId('version-rollback').click();
    await page.getByTestId('rollback-confirm-button').click();
    await expect.poll(() => versionRows(page).first().getAttribute('data-version')).toBe('3');
    expect(await versionRows(page).first().getByTestId('rolled-back-from').textContent()).toBe('rolled back from v1');
    const three = await weft.api<FlowVersion>('GET', `/api/flows/${flowId}/versions/3`);
    expect(three.rolledBackFrom).toBe(1);
    expect(valueOf(three, 'passed_1')).toBe('passed');
    expect((await weft.api<FlowDocument>('GET', `/api/flows/${flowId}`)).deployedVersion).toBe(3);
    await shot('rolled-back');

    // the draft moved on meanwhile: its edits since version 1 show as not deployed, and new edits still save
    await expect.poll(() => page.getByTestId('undeployed-changes').getAttribute('data-count')).toBe('3');
    await setValue(page, 'passed_1', 'passed again');
    expect(await page.getByTestId('save-status').getAttribute('data-state')).toBe('saved');
    expect(valueOf(await weft.api<FlowDocument & { nodes: (Mapped & { id: string })[] }>('GET', `/api/flows/${flowId}`), 'passed_1')).toBe('passed again');
  });

  it('shows a test run in the run list as a run of the draft', async () => {
    const { page } = studio;
    await page.getByTestId('toolbar-run').click();
    await page.getByTestId('tab-run').click();
    await expect.poll(async () => {
      await page.getByRole('button', { name: 'Refresh' }).first().click();
      return page.getByTestId('run-version').first().textContent();
    }, { timeout: 15_000 }).toBe('draft');
  });

  it('names the deployed version each production run ran in the run list, and the draft for a test run', async () => {
    const { page, shot, weft } = studio;
    graded.id = await studio.openFlow(projectId, { ...gradeFlow, name: 'Graded calls' });
    await page.locator(nodeSel('passed_1')).waitFor();
    graded.key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'versions test' })).key;
    const call = async () => expect((await callGraded()).status).toBe(200);
    const ranVersions = async () => {
      await page.getByTestId('tab-run').click();
      await page.getByRole('button', { name: 'Refresh' }).first().click();
      return page.getByTestId('run-version').allTextContents();
    };

    await deploy(page, 'calls v1');
    await expect.poll(() => versionRows(page).count()).toBe(1);
    await call();
    await expect.poll(ranVersions, { timeout: 15_000 }).toEqual(['v1']);

    await setValue(page, 'passed_1', 'passed in v2');
    await deploy(page, 'calls v2');
    await expect.poll(() => versionRows(page).count()).toBe(2);
    await call();
    await expect.poll(ranVersions, { timeout: 15_000 }).toEqual(['v2', 'v1']);

    await page.getByTestId('toolbar-run').click();
    await expect.poll(ranVersions, { timeout: 15_000 }).toEqual(['draft', 'v2', 'v1']);
    await shot('run-list-versions');
  });

  it('undeploys: the flow is a draft again, production calls are refused, and the draft keeps saving', async () => {
    const { page, weft } = studio;
    await page.getByTestId('tab-deploy').click();
    await page.getByTestId('undeploy-button').click();
    await expect.poll(() => page.getByTestId('deploy-state').textContent()).toBe('draft');
    expect((await weft.api<FlowDocument>('GET', `/api/flows/${graded.id}`)).status).toBe('draft');
    expect((await callGraded()).status).toBe(404);
    // the undeploy's answer moved the flow's revision on: the next save starts from it (no conflict)
    await setValue(page, 'passed_1', 'passed while undeployed');
    expect(await page.getByTestId('save-status').getAttribute('data-state')).toBe('saved');
    expect(valueOf(await weft.api<FlowDocument & { nodes: (Mapped & { id: string })[] }>('GET', `/api/flows/${graded.id}`), 'passed_1')).toBe('passed while undeployed');
  });

  it('saves a half-built draft, shows its structural problem in a banner and on the node, and still has it after a reload', async () => {
    const { page, shot, weft } = studio;
    const id = await studio.openFlow(projectId, { ...gradeFlow, name: 'Half-built' });
    // a For Loop without its Loop End: the server stores the draft and answers its problem
    await dragFromPalette(page, 'forLoopNode', 300, 480);
    await page.locator(nodeSel('forLoop_1')).waitFor();
    await waitSaved(page);
    const problem = 'For Loop forLoop_1 must reach exactly one Loop End (it reaches none)';
    const banner = page.getByTestId('draft-problems');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(problem);
    expect(await page.locator(`${nodeSel('forLoop_1')} .wn-status--problem`).getAttribute('title')).toContain(problem);
    expect(await page.locator(`${nodeSel('failed_1')} .wn-status--problem`).count()).toBe(0);
    const stored = await weft.api<CheckedFlow>('GET', `/api/flows/${id}`);
    expect(stored.nodes.map((n) => n.id)).toContain('forLoop_1');
    expect(stored.problems).toEqual([problem]);
    await shot('draft-problems');

    // reopening finds the half-built draft as it was left
    await page.reload();
    await page.locator(nodeSel('forLoop_1')).waitFor();
    expect(await banner.textContent()).toContain(problem);
    expect(await page.getByTestId('save-status').getAttribute('data-state')).toBe('saved');
    expect(studio.errors).toEqual([]);
  });
});
