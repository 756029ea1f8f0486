/**
 * Deployed versions through the whole server: deploy makes an immutable numbered version (who,
 * when, note), the versions are listed newest first and read whole, rollback makes a new version
 * repeating an old one and leaves the draft alone, unknown versions answer 404 naming what
 * there is, and deleting a flow deletes its versions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import type { FlowVersion, FlowVersionSummary } from '../../../contract/versions.ts';
import { LEGACY_NOTE } from '../../services/flows/deployments.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let projectId = '';

const node = (id: string, type: string, values: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, values });
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
const answering = (text: string) => ({
  nodes: [node('webhookTrigger_1', 'webhookTriggerNode', { public: true }), node('apiResponse_1', 'apiResponseNode', { outputMapping: [{ key: 'said', value: text }] })],
  edges: [edge('e1', 'webhookTrigger_1', 'apiResponse_1')],
});

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string; code: string } }).error;
}

beforeAll(async () => {
  weft = await startTestWeft();
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Versions' })).id;
});
afterAll(() => weft?.close());

describe('deployed versions', () => {
  it('deploys numbered versions with who, when and a note, lists them newest first and reads one whole', async () => {
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Greeter', ...answering('one') });
    const before = Date.now();
    const first = await weft.api<CheckedFlow>('POST', `/api/flows/${flow.id}/deploy`, { status: 'active', note: ' First release ' });
    expect(first).toMatchObject({ status: 'active', deployedVersion: 1, problems: [], warnings: [] });
    await weft.api('PUT', `/api/flows/${flow.id}`, { name: 'Greeter 2', ...answering('two') });
    const second = await weft.api<CheckedFlow>('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(second.deployedVersion).toBe(2);

    const by = { userId: weft.user.id, email: weft.user.email };
    const list = await weft.api<FlowVersionSummary[]>('GET', `/api/flows/${flow.id}/versions`);
    expect(list).toEqual([
      { version: 2, note: '', deployedAt: expect.any(Number), deployedBy: by },
      { version: 1, note: 'First release', deployedAt: expect.any(Number), deployedBy: by },
    ]);
    expect(list[1].deployedAt).toBeGreaterThanOrEqual(before);
    const one = await weft.api<FlowVersion>('GET', `/api/flows/${flow.id}/versions/1`);
    expect(one).toEqual({ ...list[1], flowId: flow.id, name: 'Greeter', ...answering('one') });
  });

  it('rolls back as a new version repeating the old content, deployed, leaving the draft as it is', async () => {
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Rolled', ...answering('old') });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    await weft.api('PUT', `/api/flows/${flow.id}`, answering('new'));
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const draft = await weft.api<CheckedFlow>('PUT', `/api/flows/${flow.id}`, answering('draft'));

    const rolled = await weft.api<CheckedFlow>('POST', `/api/flows/${flow.id}/versions/1/rollback`, { note: 'new one broke' });
    expect(rolled).toMatchObject({ status: 'active', deployedVersion: 3, nodes: draft.nodes });
    const [newest] = await weft.api<FlowVersionSummary[]>('GET', `/api/flows/${flow.id}/versions`);
    expect(newest).toMatchObject({ version: 3, rolledBackFrom: 1, note: 'new one broke' });
    const three = await weft.api<FlowVersion>('GET', `/api/flows/${flow.id}/versions/3`);
    expect(three).toMatchObject({ name: 'Rolled', ...answering('old') });
    expect(await (await weft.request('POST', `/hook/${flow.id}`, {})).json()).toEqual({ said: 'old' });

    // A stopped flow rolled back is live again.
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'inactive' });
    expect(await weft.api('POST', `/api/flows/${flow.id}/versions/2/rollback`, {})).toMatchObject({ status: 'active', deployedVersion: 4 });
    expect(await (await weft.request('POST', `/hook/${flow.id}`, {})).json()).toEqual({ said: 'new' });
  });

  it('answers 404 naming the versions there are, and 400 for what is not a version number or a note', async () => {
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Few', ...answering('x') });
    const none = await weft.request('GET', `/api/flows/${flow.id}/versions/1`);
    expect(none.status).toBe(404);
    expect(await errorOf(none)).toEqual({ code: 'not_found', message: `Flow ${flow.id} has no version 1 (it has no deployed version yet)` });
    expect(await weft.api('GET', `/api/flows/${flow.id}/versions`)).toEqual([]);
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(await errorOf(await weft.request('GET', `/api/flows/${flow.id}/versions/2`))).toEqual({
      code: 'not_found', message: `Flow ${flow.id} has no version 2 (its only version is 1)`,
    });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const rollback = await weft.request('POST', `/api/flows/${flow.id}/versions/7/rollback`, {});
    expect(rollback.status).toBe(404);
    expect((await errorOf(rollback)).message).toBe(`Flow ${flow.id} has no version 7 (its versions are 1 to 2)`);
    const word = await weft.request('GET', `/api/flows/${flow.id}/versions/latest`);
    expect(word.status).toBe(400);
    expect((await errorOf(word)).message).toBe("A version is a whole number of 1 or more, not 'latest'");
    const note = await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active', note: 'x'.repeat(1001) });
    expect(await errorOf(note)).toEqual({ code: 'bad_request', message: 'note must be text of at most 1000 characters' });
    expect((await weft.request('GET', '/api/flows/flow_missing/versions')).status).toBe(404);
  });

  it('keeps versions hidden from another organisation', async () => {
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Private', ...answering('x') });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const stranger = await weft.createUser({ name: 'Stranger', organisationName: 'Elsewhere' });
    for (const [method, path] of [['GET', `/api/flows/${flow.id}/versions`], ['GET', `/api/flows/${flow.id}/versions/1`], ['POST', `/api/flows/${flow.id}/versions/1/rollback`], ['POST', `/api/flows/${flow.id}/deploy`]]) {
      const answer = await stranger.request(method, path, method === 'POST' ? { status: 'active' } : undefined);
      expect(answer.status, path).toBe(404);
      expect((await errorOf(answer)).message).toBe('Workflow not found');
    }
  });

  it('deletes a flow with its versions', async () => {
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Gone', ...answering('x') });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const pattern = `${weft.prefix}{versions:${flow.id}}:*`;
    const redis = weft.engine.redis;
    expect((await redis.keys(pattern)).sort()).toEqual(['1', '2', 'last', 'summaries'].map((k) => `${weft.prefix}{versions:${flow.id}}:${k}`).sort());
    expect((await weft.request('DELETE', `/api/flows/${flow.id}`)).status).toBe(204);
    expect(await redis.keys(pattern)).toEqual([]);
    expect((await weft.request('GET', `/api/flows/${flow.id}/versions`)).status).toBe(404);
  });

  it('deploys, when a server starts, the draft of an active flow stored before weft kept versions as its version 1', async () => {
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Old', ...answering('from before') });
    const redis = weft.engine.redis;
    const key = `${weft.prefix}flow:${flow.id}`;
    await redis.set(key, JSON.stringify({ ...JSON.parse((await redis.get(key))!), status: 'active' }));
    expect((await weft.request('POST', `/hook/${flow.id}`, {})).status).toBe(404);
    await weft.restart();
    expect(await weft.api('GET', `/api/flows/${flow.id}`)).toMatchObject({ status: 'active', deployedVersion: 1 });
    expect(await weft.api('GET', `/api/flows/${flow.id}/versions`)).toEqual([
      { version: 1, note: LEGACY_NOTE, deployedAt: expect.any(Number), deployedBy: { userId: '', email: '' } },
    ]);
    expect(await (await weft.request('POST', `/hook/${flow.id}`, {})).json()).toEqual({ said: 'from before' });
    await weft.restart();
    expect((await weft.api<unknown[]>('GET', `/api/flows/${flow.id}/versions`)).length).toBe(1);
  });
});
