/**
 * Browser test: run a flow and watch it play on the canvas (node states in the engine's order,
 * tokens on edges, skips looking different), inspect a node, replay a past run, watch webhook
 * runs arrive live, the actors view, a dropped event stream that leaves nothing "running", and
 * the Deploy tab's way to call a flow by its trigger (a GraphQL curl that works, a widget tag).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../runtime/testing/sse-client.ts';
import { firstTimes, nodeSel, pick, recordRun, runLog } from './testing/canvas-actions.ts';
import { startDropProxy } from './testing/drop-proxy.ts';
import { gradeFlow, waitFlow } from './testing/fixtures.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let flowId = '';
let projectId = '';
/** webhook calls are production calls: they carry an API key of the project */
let hookKey = '';

const finished = (status = 'completed') =>
  studio.page.waitForFunction((s) => document.querySelector('[data-testid="current-run"]')?.getAttribute('data-status') === s, status, { timeout: 15_000 });

beforeAll(async () => {
  studio = await openStudio('run');
  projectId = (await studio.project('Studio runs')).id;
  flowId = (await studio.weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, gradeFlow)).id;
  hookKey = (await studio.weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'studio runs' })).key;
}, 120_000);
afterAll(async () => studio?.close());

describe('runs on the canvas', () => {
  it('plays a test run: node states in the order the engine ran them, tokens on edges', async () => {
    const { page, shot, weft } = studio;
    await page.goto(`${weft.url}/flows/${flowId}`);
    await page.locator(nodeSel('apiResponse_1')).waitFor();
    await page.getByTestId('tab-run').click();
    await page.getByTestId('run-input').fill('{"score": 72}');
    await recordRun(page);
    await page.getByTestId('run-button').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="token"]').length > 0, undefined, { timeout: 10_000 });
    await shot('tokens-travelling');
    await finished();
    await shot('run-completed');

    const runId = (await page.getByTestId('current-run').getAttribute('data-run-id'))!;
    const events = (await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers })) as { type: string; nodeId?: string }[];
    const engineOrder = (type: string) => events.filter((e) => e.type === type).map((e) => e.nodeId!);
    const log = await runLog(page);
    expect(firstTimes(log, 'running')).toEqual(engineOrder('node.started'));
    expect(firstTimes(log, 'completed')).toEqual(engineOrder('node.completed'));
    expect(firstTimes(log, 'skipped')).toEqual(['failed_1']);
    const tokens = log.filter((e) => e.kind === 'token');
    expect(new Set(tokens.filter((t) => t.value === 'data').map((t) => t.id))).toEqual(new Set(['e1', 'e2', 'e4']));
    expect(new Set(tokens.filter((t) => t.value === 'skip').map((t) => t.id))).toEqual(new Set(['e3', 'e5']));
    expect(await page.locator('[data-edge-id="e3"][data-testid="edge"]').getAttribute('data-kind')).toBe('skip');
    expect(await page.locator(nodeSel('failed_1')).getAttribute('data-state')).toBe('skipped');
    expect(await page.locator(`${nodeSel('passed_1')} .wn-duration`).count()).toBe(1);
  });

  it('shows a clicked node’s inputs and output', async () => {
    const { page, shot } = studio;
    await pick(page, 'passed_1');
    const inspector = page.getByTestId('node-inspector').first();
    await expect.poll(() => inspector.getByTestId('inspector-state').textContent()).toBe('completed');
    expect(await inspector.textContent()).toContain('"verdict": "passed"');
    expect(await inspector.textContent()).toContain('Inputs (from condition_1)');
    await shot('inspector');
  });

  it('replays a past run with play, step and the scrubber', async () => {
    const { page, shot } = studio;
    await page.getByTestId('history-row').first().click();
    await page.getByTestId('replay').waitFor();
    expect(page.url()).toMatch(/\/runs\/run_/);
    const position = () => page.getByTestId('replay-position').textContent();
    const total = Number((await position())!.split('/')[1]);
    expect(total).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Restart' }).click();
    await expect.poll(() => page.locator(nodeSel('condition_1')).getAttribute('data-state')).toBe('idle');
    for (let i = 0; i < 4; i++) await page.getByTestId('replay-step').click();
    expect(await position()).toBe(`4 / ${total}`);
    expect(await page.locator(nodeSel('webhookTrigger_1')).getAttribute('data-state')).toBe('completed');
    await shot('replay-stepped');
    await page.getByTestId('replay-scrubber').fill(String(total));
    await expect.poll(() => page.locator(nodeSel('failed_1')).getAttribute('data-state')).toBe('skipped');
    await page.getByRole('button', { name: 'Restart' }).click();
    await recordRun(page);
    await page.getByTestId('replay-play').click();
    await expect.poll(position, { timeout: 15_000 }).toBe(`${total} / ${total}`);
    const log = await runLog(page);
    expect(firstTimes(log, 'completed')).toEqual(['webhookTrigger_1', 'condition_1', 'passed_1', 'apiResponse_1']);
    expect(log.some((e) => e.kind === 'token')).toBe(true);
    await shot('replayed');
    // a reload keeps the replay open
    await page.reload();
    await page.getByTestId('replay').waitFor();
  });

  it('deploys, and watches webhook runs animate live, several at once', async () => {
    const { page, shot, weft } = studio;
    await page.getByTestId('tab-deploy').click();
    await page.getByTestId('deploy-button').click();
    await expect.poll(() => page.getByTestId('deploy-state').textContent()).toBe('deployed');
    expect(await page.getByTestId('webhook-url').textContent()).toBe(`${weft.url}/hook/${flowId}`);
    expect(await page.getByTestId('curl').textContent()).toContain(`curl -s -X POST '${weft.url}/hook/${flowId}'`);
    await shot('deployed');
    await page.getByTestId('tab-run').click();
    await page.locator('label.switch', { hasText: 'Watch live' }).click();
    expect(await page.getByTestId('watch-live').isChecked()).toBe(true);
    await page.waitForFunction(() => document.querySelector('.stream-dot--open'));
    await recordRun(page);
    const responses = await Promise.all([72, 10, 95].map((score) => weft.request('POST', `/hook/${flowId}`, { score }, { authorization: `Bearer ${hookKey}` })));
    const answers = await Promise.all(responses.map((r) => r.json() as Promise<{ verdict: string }>));
    expect(answers.map((a) => a.verdict)).toEqual(['passed', 'failed', 'passed']);
    const lowRun = responses[1].headers.get('x-weft-run-id')!;
    await expect.poll(() => page.getByTestId('live-run').count()).toBe(3);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="wn-chip"], .wn-chip').length > 0, undefined, { timeout: 5000 });
    await shot('live-runs');
    await expect.poll(async () => (await page.getByTestId('live-run').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).join(','), { timeout: 10_000 }).toBe('completed,completed,completed');
    const log = await runLog(page);
    expect(log.filter((e) => e.kind === 'token').length).toBeGreaterThanOrEqual(15);
    // focus the run that scored 10: its failed branch ran
    await page.locator(`[data-testid="live-run"][data-run-id="${lowRun}"]`).click();
    await expect.poll(() => page.locator(nodeSel('failed_1')).getAttribute('data-state')).toBe('completed');
    expect(await page.locator(nodeSel('passed_1')).getAttribute('data-state')).toBe('skipped');
    await shot('live-focused');
    await page.locator('label.switch', { hasText: 'Watch live' }).click();
  });

  it('shows the actors of a run with their mailboxes', async () => {
    const { page, shot } = studio;
    await page.getByTestId('run-button').click();
    await finished();
    await page.getByTestId('tab-actors').click();
    await expect.poll(() => page.getByTestId('actor').count()).toBe(5);
    await page.getByTestId('actor').filter({ hasText: 'apiResponse_1' }).locator('summary').first().click();
    expect(await page.getByTestId('actors-panel').textContent()).toContain('passed_1:out → apiResponse_1:in');
    await shot('actors');
  });

  it('resumes after the event stream drops and leaves no node running', async () => {
    const { page, shot, weft } = studio;
    const proxy = await startDropProxy(weft.url);
    try {
      // a 5 s wait: on a busy machine the drop still comes while the node runs
      const longWait = { ...waitFlow, nodes: waitFlow.nodes.map((n) => (n.id === 'wait_1' ? { ...n, values: { seconds: 5 } } : n)) };
      const waitId = (await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, longWait)).id;
      await page.goto(`${proxy.url}/flows/${waitId}`);
      await page.locator(nodeSel('wait_1')).waitFor();
      await page.getByTestId('tab-run').click();
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { __stream: string[] }).__stream = seen;
        new MutationObserver(() => seen.push(document.querySelector('[data-testid="current-run"]')?.getAttribute('data-stream') ?? '')).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-stream'] });
      });
      await page.getByTestId('run-button').click();
      await expect.poll(() => page.locator(nodeSel('wait_1')).getAttribute('data-state'), { timeout: 4_000 }).toBe('running');
      expect(proxy.dropStreams()).toBeGreaterThan(0);
      await shot('stream-dropped');
      await finished();
      await expect.poll(() => page.locator(nodeSel('apiResponse_1')).getAttribute('data-state')).toBe('completed');
      expect(await page.locator(`${nodeSel('wait_1')}`).getAttribute('data-state')).toBe('completed');
      expect(await page.locator('[data-state="running"], [data-state="queued"]').count()).toBe(0);
      const statuses = await page.evaluate(() => (window as unknown as { __stream: string[] }).__stream);
      // the drop was seen, and the stream came back (resuming from the last event id)
      expect(statuses).toContain('reconnecting');
      expect(statuses.indexOf('open', statuses.indexOf('reconnecting'))).toBeGreaterThan(0);
      await shot('after-drop');
      expect(studio.errors.filter((e) => !e.includes('EventSource'))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});

describe('how to call a deployed flow, by its trigger', () => {
  const createFlow = async (name: string, nodes: { id: string; type: string; values: Record<string, unknown> }[]) =>
    (
      await studio.weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
        name,
        nodes: nodes.map((n, i) => ({ ...n, position: { x: i * 300, y: 0 } })),
        edges: [{ id: 'e1', source: nodes[0].id, sourceHandle: 'out', target: nodes[1].id, targetHandle: 'in' }],
      })
    ).id;

  it('a GraphQL flow shows a curl whose request runs it', async () => {
    const { page, shot, weft } = studio;
    const id = await createFlow('Echo over GraphQL', [
      { id: 'graphqlTrigger_1', type: 'graphqlTriggerNode', values: {} },
      { id: 'graphqlResponse_1', type: 'graphqlResponseNode', values: { outputMapping: [{ key: 'greeting', value: 'Hello {{trigger.output.message}}' }] } },
    ]);
    await page.goto(`${weft.url}/flows/${id}`);
    await page.locator(nodeSel('graphqlResponse_1')).waitFor();
    await page.getByTestId('tab-run').click();
    await page.getByTestId('run-input').fill('{"message": "Ada"}');
    await page.getByTestId('tab-deploy').click();
    await page.getByTestId('deploy-button').click();
    await expect.poll(() => page.getByTestId('deploy-state').textContent()).toBe('deployed');
    const curl = (await page.getByTestId('curl').textContent())!;
    await shot('deploy-graphql');
    expect(curl).toContain(`'${weft.url}/graphql'`);
    expect(curl).toContain(`x-project-id: ${projectId}`);
    expect(await page.getByTestId('webhook-url').count()).toBe(0);
    // the request exactly as shown, with the project's API key
    const body = curl.slice(curl.indexOf("-d '") + 4, curl.lastIndexOf("'"));
    const answer = await weft.request('POST', '/graphql', JSON.parse(body), { authorization: `Bearer ${hookKey}`, 'x-project-id': projectId });
    expect(await answer.json()).toEqual({ data: { executeWorkflow: { status: 'success', result: { greeting: 'Hello Ada' } } } });
  });

  it('a chat flow shows the widget’s script tag', async () => {
    const { page, shot, weft } = studio;
    const id = await createFlow('Chat', [
      { id: 'chatTrigger_1', type: 'chatTriggerNode', values: {} },
      { id: 'chatResponse_1', type: 'chatResponseNode', values: { content: 'You said {{trigger.output.chatMessage}}' } },
    ]);
    await page.goto(`${weft.url}/flows/${id}`);
    await page.locator(nodeSel('chatResponse_1')).waitFor();
    await page.getByTestId('tab-deploy').click();
    expect(await page.getByTestId('widget-tag').textContent()).toBe(`<script src="${weft.url}/widgets/chat.js" data-flow="${id}" async></script>`);
    expect(await page.getByTestId('curl').count()).toBe(0);
    await shot('deploy-chat');
    expect(studio.errors).toEqual([]);
  });
});
