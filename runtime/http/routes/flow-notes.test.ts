/** Sticky notes through the flow routes: stored with the flow, never nodes, refused when out of bounds. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import { chain, node, trigger } from '../../services/flows/testing/flow-fixtures.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let weft: TestApp;
let projectId = '';

const note = (id: string, extra: Record<string, unknown> = {}) => ({ id, position: { x: 40, y: 300 }, size: { width: 260, height: 140 }, text: '# Plan\n**bold**', ...extra });
const nodes = [trigger, node('wait_1', 'waitNode', { seconds: 1 })];
const edges = chain('webhookTrigger_1', 'wait_1');

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string; code: string; details?: string[] } }).error;
}

beforeAll(async () => {
  weft = await startTestApp();
  projectId = (await weft.json<{ id: string }>('POST', '/api/projects', { name: 'Notes' })).id;
});
afterAll(() => weft?.close());

describe('sticky notes in the flow routes', () => {
  it('creates a flow with notes, reads them back, and keeps them through a save that does not name them', async () => {
    const created = await weft.json<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Noted', nodes, edges, notes: [note('note_1', { color: 'pink' })] });
    expect(created.notes).toEqual([note('note_1', { color: 'pink' })]);
    expect(created.nodes.map((n) => n.id)).toEqual(['webhookTrigger_1', 'wait_1']);
    expect(created.problems).toEqual([]);
    const renamed = await weft.json<CheckedFlow>('PUT', `/api/flows/${created.id}`, { name: 'Renamed' });
    expect(renamed.notes).toEqual(created.notes);
    expect((await weft.json<CheckedFlow>('GET', `/api/flows/${created.id}`)).notes).toEqual(created.notes);
  });

  it('replaces the notes on a save that sends them, an empty list removing them all', async () => {
    const flow = await weft.json<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Edited', nodes, edges });
    expect(flow.notes).toBeUndefined();
    const moved = note('note_1', { position: { x: -5.5, y: 12 }, size: { width: 400, height: 90 }, text: 'moved' });
    await weft.json('PUT', `/api/flows/${flow.id}`, { version: flow.version, notes: [moved, note('note_2')] });
    expect((await weft.json<CheckedFlow>('GET', `/api/flows/${flow.id}`)).notes).toEqual([moved, note('note_2')]);
    await weft.json('PUT', `/api/flows/${flow.id}`, { notes: [] });
    expect((await weft.json<CheckedFlow>('GET', `/api/flows/${flow.id}`)).notes).toEqual([]);
  });

  it('refuses notes out of bounds with a 400 naming each problem, and stores nothing', async () => {
    const flow = await weft.json<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Refused', nodes, edges, notes: [note('note_1')] });
    const response = await weft.request('PUT', `/api/flows/${flow.id}`, { notes: [note('note_1', { text: 'x'.repeat(20_001) }), note('note_2', { color: 'red' })] });
    expect(response.status).toBe(400);
    const problems = ['Note note_1: text has at most 20000 characters (it has 20001)', 'Note note_2: color must be one of yellow, blue, green, pink, grey'];
    expect(await errorOf(response)).toEqual({ code: 'bad_request', message: problems.join('; '), details: problems });
    expect(await weft.json<CheckedFlow>('GET', `/api/flows/${flow.id}`)).toMatchObject({ version: flow.version, notes: [note('note_1')] });
    const tooMany = await weft.request('POST', `/api/projects/${projectId}/flows`, { name: 'Crowded', nodes, edges, notes: Array.from({ length: 201 }, (_, i) => note(`n${i}`)) });
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).message).toBe('A flow has at most 200 notes; this one has 201');
  });
});
