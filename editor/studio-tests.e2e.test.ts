/**
 * Browser test: the Tests tab. A test case is made in one action from a past run in the run
 * history (its input, its answer expected; renamed in the form), another is written by hand;
 * Run all follows the suite live and shows one passing and one failing check, the failing one
 * with the diff to its expected value, and the case's run opens on the canvas; the suite runs
 * against deployed version 1 and, after an edit, against the draft, and the two-version
 * comparison shows the case that got better; the deploy gate is set in the Deploy tab, a deploy
 * it refuses names the failing case and an owner's note deploys anyway; a dataset adds cases.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SuiteRun, TestCase, TestSettings } from '../contract/flow-tests.ts';
import { nodeSel, pick, waitSaved } from './testing/canvas-actions.ts';
import { gradeFlow } from './testing/fixtures.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let flowId = '';

beforeAll(async () => {
  studio = await openStudio('tests');
  const projectId = (await studio.project('Tests tab')).id;
  flowId = await studio.openFlow(projectId, gradeFlow);
  await studio.page.locator(nodeSel('passed_1')).waitFor();
}, 120_000);
afterAll(async () => studio?.close());

const caseRow = (page: Page, name: string) => page.locator(`[data-testid="test-case"][data-name="${name}"]`);
const cases = () => studio.weft.api<TestCase[]>('GET', `/api/flows/${flowId}/tests`);

/** Run all against `target` and wait for that suite (not the one shown before) to complete with `passed` of `total`. */
async function runSuite(page: Page, target: string, passed: number, total: number): Promise<void> {
  const summary = page.getByTestId('suite-summary');
  const before = (await summary.count()) ? await summary.getAttribute('data-suite-id') : null;
  await page.getByTestId('tests-target').selectOption(target);
  await page.getByTestId('tests-run-all').click();
  await expect.poll(async () => [await summary.getAttribute('data-suite-id') !== before, await summary.getAttribute('data-status')], { timeout: 20_000 }).toEqual([true, 'completed']);
  expect(await summary.locator('p').first().textContent()).toContain(`${passed} of ${total} passed`);
}

describe('the Tests tab', () => {
  it('makes a test case from a past run in one action, and one by hand', async () => {
    const { page, shot } = studio;
    await page.getByTestId('tab-run').click();
    await page.getByTestId('run-input').fill('{"score": 72}');
    await page.getByTestId('run-button').click();
    const made = page.getByTestId('make-test-case');
    await made.first().waitFor({ timeout: 15_000 });
    await made.first().click();

    // the Tests tab opens with the new case in the form: the run's input, its answer expected
    const form = page.getByTestId('test-case-form');
    await form.waitFor();
    expect(JSON.parse((await page.getByTestId('case-input').inputValue()) || 'null')).toEqual({ score: 72 });
    expect(JSON.parse(await page.getByTestId('case-checks').inputValue())).toEqual([{ kind: 'equals', expected: { verdict: 'passed' } }]);
    await page.getByTestId('case-name').fill('Pass at 72');
    await page.getByTestId('case-save').click();
    await form.waitFor({ state: 'detached' });
    await shot('case-from-run');

    await page.getByTestId('tests-new').click();
    await page.getByTestId('case-name').fill('Pass at 12');
    await page.getByTestId('case-input').fill('{"score": 12}');
    // a faulty check is refused with the server's words, naming the field
    await page.getByTestId('case-checks').fill('[{"kind": "range"}]');
    await page.getByTestId('case-save').click();
    await expect.poll(() => page.getByTestId('case-error').textContent()).toBe("Test case 'Pass at 12': checks[0].min or max is needed");
    await page.getByTestId('case-checks').fill('[{"kind": "equals", "path": "verdict", "expected": "passed"}]');
    await page.getByTestId('case-save').click();
    await form.waitFor({ state: 'detached' });

    const stored = await cases();
    expect(stored.map((c) => [c.name, c.input, c.checks])).toEqual([
      ['Pass at 72', { score: 72 }, [{ kind: 'equals', expected: { verdict: 'passed' } }]],
      ['Pass at 12', { score: 12 }, [{ kind: 'equals', path: 'verdict', expected: 'passed' }]],
    ]);
    expect(stored[0].fromRun).toMatch(/^run_/);
  });

  it('runs the suite live: one passing check, one failing with its diff, and opens the run on the canvas', async () => {
    const { page, shot } = studio;
    await runSuite(page, 'draft', 1, 2);
    await expect.poll(() => caseRow(page, 'Pass at 72').getAttribute('data-status')).toBe('passed');
    expect(await caseRow(page, 'Pass at 12').getAttribute('data-status')).toBe('failed');

    await caseRow(page, 'Pass at 72').locator('.test-case-name').click();
    expect(await caseRow(page, 'Pass at 72').getByTestId('check-result').getAttribute('data-passed')).toBe('true');
    const failing = caseRow(page, 'Pass at 12');
    await failing.locator('.test-case-name').click();
    const check = failing.getByTestId('check-result');
    expect(await check.getAttribute('data-passed')).toBe('false');
    expect(await check.locator('.check-label').textContent()).toBe('equals at verdict');
    const diff = await check.getByTestId('check-diff').locator('tbody tr td').allTextContents();
    expect(diff).toEqual(['verdict', '"passed"', '"failed"']);
    expect(await page.getByTestId('check-rates').locator('li').allTextContents()).toEqual(['equals1/1 (100%)', 'equals at verdict0/1 (0%)']);
    await shot('suite-results');

    // the case's run, on the canvas: the Run tab shows it, the failed branch taken
    const [suite] = await studio.weft.api<SuiteRun[]>('GET', `/api/flows/${flowId}/tests/runs`);
    const runId = suite.cases.find((c) => c.name === 'Pass at 12')!.runId;
    await failing.getByTestId('case-open-run').click();
    await expect.poll(() => page.url()).toContain(runId);
    await expect.poll(() => page.locator(nodeSel('failed_1')).getAttribute('data-state')).toBe('completed');
    expect(await page.locator(nodeSel('passed_1')).getAttribute('data-state')).toBe('skipped');
    // the run history marks the suite's runs as test cases, and offers no case from them
    const row = page.locator(`[data-testid="history-row"][data-run-id="${runId}"]`);
    expect(await row.locator('.mode').textContent()).toBe('test case');
    await shot('case-run-on-canvas');
  });

  it('compares two versions: the case that got better, and each check rate', async () => {
    const { page, shot } = studio;
    await page.getByTestId('tab-deploy').click();
    await page.getByTestId('deploy-button').click();
    await expect.poll(() => page.getByTestId('deploy-state').textContent()).toBe('deployed');

    await page.getByTestId('tab-tests').click();
    await runSuite(page, '1', 1, 2);

    // the draft now says 'passed' on the else branch too: 'Pass at 12' gets better
    await pick(page, 'failed_1');
    await page.getByLabel('Value 1').fill('passed');
    await waitSaved(page);
    await page.getByTestId('tab-tests').click();
    await runSuite(page, 'draft', 2, 2);

    await page.getByTestId('compare-base').selectOption('1');
    await page.getByTestId('compare-head').selectOption('draft');
    await page.getByTestId('compare-button').click();
    const rows = page.getByTestId('compare-case');
    await expect.poll(() => rows.count()).toBe(2);
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(shown).toEqual([['Pass at 72', 'passed', 'passed', 'same'], ['Pass at 12', 'failed', 'passed', 'better']]);
    expect(await page.getByTestId('compare-totals').textContent()).toBe('Version 1: 1/2 passed · Draft: 2/2 passed');
    const rates = await page.getByTestId('compare-check').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rates).toEqual([['equals', '100%', '100%', 'same'], ['equals at verdict', '0%', '100%', 'better']]);
    // each version's newest suite: the draft first
    const scores = () => page.getByTestId('version-score').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)));
    await expect.poll(scores).toEqual([['Draft', '2/2'], ['Version 1', '1/2']]);
    await shot('two-versions-compared');
  });

  it('sets the deploy gate in the Deploy tab: a deploy refused naming the failing case, then deployed anyway with a note', async () => {
    const { page, shot, weft } = studio;
    await page.getByTestId('tab-deploy').click();
    const required = page.getByTestId('tests-required');
    expect(await required.isChecked()).toBe(false);
    await required.check();
    await expect.poll(() => weft.api<TestSettings>('GET', `/api/flows/${flowId}/tests/settings`)).toEqual({ requiredForDeploy: true });

    await weft.api('POST', `/api/flows/${flowId}/tests`, { name: 'Fails on purpose', input: { score: 72 }, checks: [{ kind: 'equals', path: 'verdict', expected: 'nope' }] });
    await page.getByTestId('deploy-button').click();
    const refused = page.getByTestId('tests-refused');
    await refused.waitFor({ timeout: 20_000 });
    expect(await refused.locator('p').textContent()).toBe("The flow's tests must pass before a deploy, and this case fails: 'Fails on purpose'. An owner may deploy anyway with a note (testsOverride).");
    expect(await weft.api<unknown[]>('GET', `/api/flows/${flowId}/versions`)).toHaveLength(1);
    await shot('deploy-refused-by-tests');

    await page.getByTestId('tests-override-note').fill('The expected value is wrong on purpose');
    await page.getByTestId('tests-override').click();
    await refused.waitFor({ state: 'detached' });
    const [newest] = await weft.api<{ version: number; testsOverride?: { note: string; failing: string[] } }[]>('GET', `/api/flows/${flowId}/versions`);
    expect(newest).toMatchObject({ version: 2, testsOverride: { note: 'The expected value is wrong on purpose', failing: ['Fails on purpose'] } });
  });

  it('adds cases from a dataset (JSON lines refused by its faulty row and field, then CSV)', async () => {
    const { page } = studio;
    await page.getByTestId('tab-tests').click();
    await page.getByTestId('tests-dataset').click();
    await page.getByTestId('dataset-kind').selectOption('jsonl');
    await page.getByTestId('dataset-text').fill('{"name": "ok", "input": {}, "expected": 1}\n{"input": {}, "checks": [{"kind": "range"}]}\n');
    await page.getByTestId('dataset-import').click();
    await expect.poll(() => page.getByTestId('dataset-error').textContent()).toBe("Dataset row 2 (test case 'Row 2'): checks[0].min or max is needed");
    await page.getByTestId('dataset-kind').selectOption('csv');
    await page.getByTestId('dataset-text').fill('name,input.score,expected.verdict\nHigh,90,passed\nLow,5,passed\n');
    await page.getByTestId('dataset-import').click();
    await page.getByTestId('dataset-form').waitFor({ state: 'detached' });
    await expect.poll(() => caseRow(page, 'Low').count()).toBe(1);
    const stored = (await cases()).filter((c) => c.name === 'High' || c.name === 'Low');
    expect(stored.map((c) => [c.name, c.input, c.checks])).toEqual([
      ['High', { score: 90 }, [{ kind: 'equals', path: 'verdict', expected: 'passed' }]],
      ['Low', { score: 5 }, [{ kind: 'equals', path: 'verdict', expected: 'passed' }]],
    ]);
    expect(studio.errors).toEqual([]);
  });
});
