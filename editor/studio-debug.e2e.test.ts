/**
 * Browser test: the debug loop on a past run (docs/debugging.md). Re-run from a node with an
 * edited recorded input (the dialog warns of the node that calls out; the node before it is not
 * called again), run one node alone (its output in the node's panel, nothing after it runs),
 * compare the re-run with its source run, and open a production run on the draft with its
 * trigger input pinned (from the run history and from its log record); a loop body's node re-run
 * from a chosen iteration. The re-run dialog's screenshot is docs/images/debug-loop.png (renewed with
 * WEFT_DOCS_SCREENSHOTS=1).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackApi, type LoopbackApi } from '../catalogue/testing/loopback-api.ts';
import type { FlowDocument } from '../contract/flow-document.ts';
import { nodeSel, pick, waitSaved } from './testing/canvas-actions.ts';
import { artifacts, openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let upstream: LoopbackApi;
let projectId = '';
let flowId = '';
let sourceRun = '';
let rerun = '';

/** webhook → variables (the greeting) → API node posting it to the echo server → response */
const debugFlow = (url: string) => ({
  name: 'Debug loop',
  nodes: [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 100 }, values: {} },
    { id: 'variables_1', type: 'variablesNode', position: { x: 300, y: 100 }, values: { mapping: [{ key: 'text', type: 'string', value: 'hi {{trigger.output.name}}' }] } },
    { id: 'apiNode_1', type: 'apiNode', position: { x: 600, y: 100 }, values: { url, method: 'POST', body: '{"text": "{{variables_1.output.text}}"}' } },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 900, y: 100 }, values: { outputMapping: [{ key: 'echo', value: '{{apiNode_1.output.echo}}' }] } },
  ],
  edges: [
    { id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'variables_1', targetHandle: 'in' },
    { id: 'e2', source: 'variables_1', sourceHandle: 'out', target: 'apiNode_1', targetHandle: 'in' },
    { id: 'e3', source: 'apiNode_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' },
  ],
});

const echoed = () => upstream.seen.map((r) => (JSON.parse(r.body) as { text: string }).text);
const shownRun = () => studio.page.getByTestId('current-run').getAttribute('data-run-id');
const finished = () => studio.page.waitForFunction(() => document.querySelector('[data-testid="current-run"]')?.getAttribute('data-status') === 'completed', undefined, { timeout: 15_000 });

beforeAll(async () => {
  upstream = await startLoopbackApi((request) => ({ body: { echo: (JSON.parse(request.body) as { text: string }).text } }));
  studio = await openStudio('debug', { outboundAllow: [upstream.hostPort] });
  projectId = (await studio.project('Debug loop')).id;
  // deployed before the canvas opens (a deploy behind its back would make its next save a conflict)
  flowId = (await studio.weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, debugFlow(`${upstream.url}/echo`))).id;
  await studio.weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
  await studio.page.goto(`${studio.weft.url}/flows/${flowId}`);
  await studio.page.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
}, 120_000);
afterAll(async () => {
  await studio?.close();
  await upstream?.close();
});

describe('the debug loop', () => {
  it('re-runs a past run from a node with an edited input, warning of the node that calls out', async () => {
    const { page, shot } = studio;
    await page.getByTestId('tab-run').click();
    await page.getByTestId('run-input').fill('{"name": "Ada"}');
    await page.getByTestId('run-button').click();
    await finished();
    sourceRun = (await shownRun())!;
    expect(echoed()).toEqual(['hi Ada']);

    await pick(page, 'apiNode_1');
    await page.getByTestId('rerun-from-here').click();
    const dialog = page.getByTestId('rerun-dialog');
    const input = dialog.locator('[data-testid="rerun-input"][data-node="variables_1"]');
    await expect.poll(async () => JSON.parse(await input.inputValue())).toEqual({ text: 'hi Ada' });
    expect(await dialog.getByTestId('rerun-side-effects').textContent()).toContain('apiNode_1 (API Request) calls an API');
    await input.fill('{"text": "edited"}');
    await page.screenshot({ path: join(artifacts, 'debug-loop.png') });
    // WEFT_DOCS_SCREENSHOTS=1 renews the docs' picture; a plain test run leaves the tree as it is
    if (process.env.WEFT_DOCS_SCREENSHOTS) {
      mkdirSync(join(import.meta.dirname, '../docs/images'), { recursive: true });
      copyFileSync(join(artifacts, 'debug-loop.png'), join(import.meta.dirname, '../docs/images/debug-loop.png'));
    }
    await dialog.getByTestId('rerun-start').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(shownRun).not.toBe(sourceRun);
    await finished();
    rerun = (await shownRun())!;
    await shot('rerun-completed');

    // the edited message went out; the node before it did not run again
    expect(echoed()).toEqual(['hi Ada', 'edited']);
    const snapshot = await studio.weft.api<{ rerunOf: unknown; nodes: Record<string, { output: unknown }> }>('GET', `/api/runs/${rerun}`);
    expect(snapshot.rerunOf).toEqual({ runId: sourceRun, fromNode: 'apiNode_1' });
    expect(snapshot.nodes.apiResponse_1.output).toMatchObject({ echo: 'edited' });
    const actors = await studio.weft.api<{ actor: string; mailbox: { messages: { payload?: unknown }[] } }[]>('GET', `/api/runs/${rerun}/actors`);
    expect(actors.find((a) => a.actor === 'apiNode_1')?.mailbox.messages.map((m) => m.payload)).toEqual([{ text: 'edited' }]);
    expect(await page.locator('[data-testid="history-row"]').count()).toBe(2);
  });

  it('runs one node alone with the input its run recorded and shows its output in the node’s panel', async () => {
    const { page, shot } = studio;
    await page.locator(`[data-testid="history-row"][data-run-id="${sourceRun}"]`).click();
    await expect.poll(shownRun).toBe(sourceRun);
    await pick(page, 'apiNode_1');
    await page.getByTestId('run-node').click();
    const result = page.getByTestId('node-run-result');
    await expect.poll(() => result.getAttribute('data-status'), { timeout: 15_000 }).toBe('completed');
    expect(await result.textContent()).toContain('"echo": "hi Ada"');
    await shot('run-node');
    // the node ran once more with the source run's input; nothing after it ran
    expect(echoed()).toEqual(['hi Ada', 'edited', 'hi Ada']);
    const history = await studio.weft.api<{ runId: string; singleNode?: string }[]>('GET', `/api/flows/${flowId}/runs`);
    const alone = history.find((r) => r.singleNode === 'apiNode_1')!;
    const snapshot = await studio.weft.api<{ nodes: Record<string, unknown> }>('GET', `/api/runs/${alone.runId}`);
    expect(snapshot.nodes.apiResponse_1).toBeUndefined();

    // again with a pasted output for the node before it: that is what it runs on
    await page.locator('.pasted-inputs summary').click();
    await page.getByTestId('pasted-inputs').fill('{"variables_1": {"text": "pasted"}}');
    await page.getByTestId('run-node-pasted').click();
    await expect.poll(async () => (await result.textContent()) ?? '', { timeout: 15_000 }).toContain('"echo": "pasted"');
    expect(echoed()).toEqual(['hi Ada', 'edited', 'hi Ada', 'pasted']);
  });

  it('compares the re-run with its source run, node by node', async () => {
    const { page, shot } = studio;
    await page.getByRole('button', { name: 'Refresh' }).click();
    for (const runId of [sourceRun, rerun]) await page.getByLabel(`Compare run ${runId}`).check();
    await page.getByTestId('compare-runs').click();
    const table = page.getByTestId('run-comparison');
    const row = (node: string) => table.locator(`[data-testid="comparison-row"][data-node="${node}"]`);
    await row('apiNode_1').waitFor();
    expect(await row('webhookTrigger_1').getAttribute('data-same')).toBe('true');
    expect(await row('variables_1').textContent()).toContain('~ text: "hi Ada" → "edited"');
    expect(await row('apiNode_1').textContent()).toContain('~ echo: "hi Ada" → "edited"');
    expect(await table.textContent()).toContain('(a re-run of it from apiNode_1)');
    await shot('comparison');
    await table.getByTestId('comparison-close').click();
  });

  it('opens a production run on the draft with its trigger input pinned', async () => {
    const { page, weft } = studio;
    const key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'debug' })).key;
    const answer = await weft.request('POST', `/hook/${flowId}`, { name: 'Prod' }, { authorization: `Bearer ${key}` });
    const production = answer.headers.get('x-weft-run-id')!;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.locator(`[data-testid="history-item"]:has([data-run-id="${production}"]) [data-testid="debug-in-draft"]`).click();
    await expect.poll(shownRun).toBe(production);
    await expect.poll(() => page.getByTestId('run-input').inputValue()).toContain('"Prod"');
    await waitSaved(page);
    const draft = await weft.api<FlowDocument>('GET', `/api/flows/${flowId}`);
    expect(draft.nodes.find((n) => n.id === 'webhookTrigger_1')?.pinned).toMatchObject({ output: { name: 'Prod' }, runId: production });
    expect(await page.locator(nodeSel('webhookTrigger_1')).count()).toBe(1);

    // the same from the run's log record, on the project's Logs page
    const logged = (await weft.request('POST', `/hook/${flowId}`, { name: 'Logged' }, { authorization: `Bearer ${key}` })).headers.get('x-weft-run-id')!;
    await weft.logged();
    await page.goto(`${weft.url}/projects/${projectId}/logs`);
    const row = page.getByTestId('log-row').filter({ hasText: 'webhook' }).first();
    await row.locator('.log-row-main').click();
    await row.getByTestId('log-debug-in-draft').click();
    await expect.poll(shownRun, { timeout: 15_000 }).toBe(logged);
    expect(new URL(page.url()).pathname).toBe(`/flows/${flowId}/runs/${logged}/debug`);
    await expect.poll(() => page.getByTestId('run-input').inputValue()).toContain('"Logged"');
    await waitSaved(page);
    const again = await weft.api<FlowDocument>('GET', `/api/flows/${flowId}`);
    expect(again.nodes.find((n) => n.id === 'webhookTrigger_1')?.pinned).toMatchObject({ output: { name: 'Logged' }, runId: logged });
    expect(studio.errors).toEqual([]);
  });

  it('re-runs a loop body node from a chosen iteration', async () => {
    const { page, weft } = studio;
    const loopFlow = {
      name: 'Squares',
      nodes: [
        { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 100 }, values: {} },
        { id: 'forLoop_1', type: 'forLoopNode', position: { x: 300, y: 100 }, values: { iterateOver: 'list', iteratorValue: '{{trigger.output.numbers}}' } },
        { id: 'square_1', type: 'codeNode', position: { x: 600, y: 100 }, values: { code: 'const n = outputs.forLoop_1.currentValue; return n * n;' } },
        { id: 'forLoopEnd_1', type: 'forLoopEndNode', position: { x: 900, y: 100 }, values: {} },
      ],
      edges: [
        { id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'forLoop_1', targetHandle: 'in' },
        { id: 'e2', source: 'forLoop_1', sourceHandle: 'out', target: 'square_1', targetHandle: 'in' },
        { id: 'e3', source: 'square_1', sourceHandle: 'out', target: 'forLoopEnd_1', targetHandle: 'in' },
      ],
    };
    await studio.openFlow(projectId, loopFlow);
    await page.getByTestId('tab-run').click();
    await page.getByTestId('run-input').fill('{"numbers": [1, 2, 3]}');
    await page.getByTestId('run-button').click();
    await finished();
    const source = (await shownRun())!;
    await pick(page, 'square_1');
    await page.getByTestId('rerun-from-here').click();
    const dialog = page.getByTestId('rerun-dialog');
    const iteration = dialog.getByTestId('rerun-iteration');
    await expect.poll(() => iteration.inputValue()).toBe('2');
    expect(await iteration.locator('option').allTextContents()).toEqual(['0', '1', '2']);
    await iteration.selectOption('1');
    // the loop node's output in iteration 1 is what square_1 starts from there
    const input = dialog.locator('[data-testid="rerun-input"][data-node="forLoop_1"]');
    await expect.poll(async () => JSON.parse(await input.inputValue()) as { currentValue?: number }).toMatchObject({ currentValue: 2 });
    await dialog.getByTestId('rerun-start').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(shownRun).not.toBe(source);
    await finished();
    const rerun = (await shownRun())!;
    const snapshot = await weft.api<{ rerunOf?: unknown; nodes: Record<string, { output?: unknown }> }>('GET', `/api/runs/${rerun}`);
    expect(snapshot.rerunOf).toEqual({ runId: source, fromNode: 'square_1', iteration: 1 });
    // the loop ends as the source run's did: iteration 0 seeded, 1 and 2 run again
    const before = await weft.api<{ nodes: Record<string, { output?: unknown }> }>('GET', `/api/runs/${source}`);
    expect(snapshot.nodes.forLoopEnd_1.output).toEqual(before.nodes.forLoopEnd_1.output);
    expect((snapshot.nodes.forLoopEnd_1.output as { loopOutput: { output: number }[] }).loopOutput.map((i) => i.output)).toEqual([1, 4, 9]);
    expect(studio.errors).toEqual([]);
  });
});
