/**
 * Browser test: expressions you can see. A template naming a field the chat trigger does not
 * have is marked on its field and on its node before any run, with the name it meant; the field
 * previews what it would resolve to from the test input; a number field refuses 'abc' as it is
 * typed and never saves it; a connected condition is not told to connect itself; after a run the
 * preview reads that run; an empty model field says a run would have no model to use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSel, pick, waitSaved } from './testing/canvas-actions.ts';
import { gradeFlow } from './testing/fixtures.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let projectId = '';

const chatFlow = {
  name: 'Echo the chat',
  nodes: [
    { id: 'chatTrigger_1', type: 'chatTriggerNode', position: { x: 0, y: 100 }, values: {} },
    { id: 'wait_1', type: 'waitNode', position: { x: 300, y: 100 }, values: { seconds: 1 } },
    { id: 'chatResponse_1', type: 'chatResponseNode', position: { x: 600, y: 100 }, values: { content: 'Thanks' } },
  ],
  edges: [
    { id: 'e1', source: 'chatTrigger_1', sourceHandle: 'out', target: 'wait_1', targetHandle: 'in' },
    { id: 'e2', source: 'wait_1', sourceHandle: 'out', target: 'chatResponse_1', targetHandle: 'in' },
  ],
};

beforeAll(async () => {
  studio = await openStudio('expressions');
  projectId = (await studio.project('Studio expressions')).id;
}, 120_000);
afterAll(async () => studio?.close());

describe('expressions you can see', () => {
  let chatId = '';

  it('marks a field the trigger does not have on the field and on the node, naming the right one, and previews the test input', async () => {
    const { page, shot } = studio;
    chatId = await studio.openFlow(projectId, chatFlow);
    await pick(page, 'chatResponse_1');
    const field = page.getByTestId('field-content');
    await field.locator('textarea').first().fill('{{trigger.output.message}}');
    await expect.poll(() => field.getByTestId('field-problem').allTextContents()).toContain(
      "Content reads {{trigger.output.message}}, but the trigger (Chat) has no output field 'message': did you mean chatMessage?",
    );
    const badge = page.locator(`${nodeSel('chatResponse_1')} .wn-status--problem`);
    await expect.poll(() => badge.getAttribute('title')).toContain('did you mean chatMessage?');
    expect(await field.getByTestId('template-preview').textContent()).toBe(
      "From the test input: (no value yet: {{trigger.output.message}} — trigger has no output field 'message')",
    );
    await shot('unknown-output-field');

    await field.locator('textarea').first().fill('You said: {{trigger.output.chatMessage}}');
    await expect.poll(() => field.getByTestId('template-preview').textContent()).toBe('From the test input: You said: Hello');
    expect(await field.getByTestId('field-problem').count()).toBe(0);
    expect(await badge.count()).toBe(0);
    await shot('preview-from-test-input');
  });

  it('refuses a number field’s "abc" as it is typed and keeps the value it had', async () => {
    const { page, weft, shot } = studio;
    await pick(page, 'wait_1');
    const input = page.getByTestId('field-seconds').locator('input');
    await input.fill('2');
    await waitSaved(page);
    await expect.poll(async () => (await weft.api<{ nodes: { id: string; values: { seconds?: unknown } }[] }>('GET', `/api/flows/${chatId}`)).nodes.find((n) => n.id === 'wait_1')?.values.seconds).toBe(2);

    await input.fill('abc');
    expect(await page.getByTestId('literal-problem').textContent()).toBe('Seconds must be between 1 and 90 — not saved');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await shot('number-refused');
    await page.waitForTimeout(1500);
    const stored = await weft.api<{ nodes: { id: string; values: { seconds?: unknown } }[] }>('GET', `/api/flows/${chatId}`);
    expect(stored.nodes.find((n) => n.id === 'wait_1')?.values.seconds).toBe(2);

    // a template is a value whose type is known at run time: it is kept
    await input.fill('{{trigger.output.metadata.delay}}');
    expect(await page.getByTestId('literal-problem').count()).toBe(0);
  });

  it('does not tell a connected condition to connect itself when no listed output matches', async () => {
    const { page, shot } = studio;
    await studio.openFlow(projectId, gradeFlow);
    await pick(page, 'condition_1');
    const left = page.getByLabel('Condition 1 left side 1');
    await left.fill('');
    await left.pressSequentially('{{trigger.output.tot');
    const list = page.getByTestId('suggestions');
    await expect.poll(() => list.textContent()).toContain("No declared output matches 'trigger.output.tot'");
    expect(await list.textContent()).not.toContain('connect');
    await shot('condition-no-match');
  });

  it('previews from the last run once there is one', async () => {
    const { page, shot } = studio;
    await studio.openFlow(projectId, gradeFlow);
    await page.getByTestId('tab-run').click();
    await page.getByTestId('run-input').fill('{"score": 72}');
    await page.getByTestId('run-button').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="current-run"]')?.getAttribute('data-status') === 'completed', undefined, { timeout: 15_000 });
    await pick(page, 'apiResponse_1');
    await page.getByTestId('tab-configure').click();
    await expect.poll(() => page.getByTestId('field-outputMapping').getByTestId('template-preview').textContent()).toBe(
      // the skipped branch's part is named, not silently dropped
      'From the last run: passed ({{failed_1.output.verdict}} is empty: no output of failed_1 reaches this node)',
    );
    await shot('preview-from-last-run');
  });

  it('says an empty embedding model field has no default to fall back on', async () => {
    const { page } = studio;
    const flow = {
      name: 'Embed',
      nodes: [
        { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 100 }, values: {} },
        { id: 'vectorize_1', type: 'vectorizeNode', position: { x: 300, y: 100 }, values: { inputText: '{{trigger.output.text}}' } },
      ],
      edges: [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'vectorize_1', targetHandle: 'in' }],
    };
    await studio.openFlow(projectId, flow);
    await pick(page, 'vectorize_1');
    await expect.poll(() => page.getByTestId('field-embeddingModelName').getByTestId('model-hint').textContent()).toContain(
      "Required: pick a model. This project has no default embedding model, so a run would fail with 'Default model not found!'",
    );
    expect(await page.getByTestId('field-embeddingModelName').locator('textarea').getAttribute('placeholder')).toMatch(/^e\.g\. \{"type":"embedding"/);
  });
});
