/**
 * Deployed versions over HTTP: a deploy makes a numbered version with who, when and a note (none
 * when nothing changed), versions are listed newest first and read whole, a rollback deploys an
 * old version's content as a new version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import type { FlowVersion, FlowVersionSummary } from '../../../contract/versions.ts';
import { chain, node, trigger } from '../../flows/testing/flow-fixtures.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let weft: TestApp;
let projectId = '';

const variables = (value: string) => node('set_1', 'variablesNode', { mapping: [{ key: 'v', type: 'string', value }] });
const newFlow = () => weft.json<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Versioned', nodes: [trigger, variables('one')], edges: chain('webhookTrigger_1', 'set_1') });
const save = (flow: CheckedFlow, value: string) => weft.json<CheckedFlow>('PUT', `/api/flows/${flow.id}`, { nodes: [trigger, variables(value)] });
const versions = (flowId: string) => weft.json<FlowVersionSummary[]>('GET', `/api/flows/${flowId}/versions`);

beforeAll(async () => {
  weft = await startTestApp();
  projectId = (await weft.json<{ id: string }>('POST', '/api/projects', { name: 'Versions' })).id;
});
afterAll(() => weft?.close());

describe('deployed versions', () => {
  it('numbers each deploy that changes something, with who, when and the note', async () => {
    const flow = await newFlow();
    expect(await versions(flow.id)).toEqual([]);
    const first = await weft.json<CheckedFlow>('POST', `/api/flows/${flow.id}/deploy`, { status: 'active', note: ' first release ' });
    expect(first).toMatchObject({ status: 'active', deployedVersion: 1 });
    // nothing changed: no new version
    expect(await weft.json('POST', `/api/flows/${flow.id}/deploy`, { status: 'active', note: 'again' })).toMatchObject({ deployedVersion: 1 });

    await save(first, 'two');
    expect(await weft.json('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' })).toMatchObject({ deployedVersion: 2 });
    const listed = await versions(flow.id);
    expect(listed.map((v) => [v.version, v.note, v.deployedBy.email])).toEqual([
      [2, '', weft.admin!.user.email],
      [1, 'first release', weft.admin!.user.email],
    ]);
    expect(listed[0].deployedAt).toBeGreaterThanOrEqual(listed[1].deployedAt);

    const one = await weft.json<FlowVersion>('GET', `/api/flows/${flow.id}/versions/1`);
    expect(one).toMatchObject({ flowId: flow.id, version: 1, name: 'Versioned', note: 'first release' });
    expect(one.nodes.find((n) => n.id === 'set_1')?.values).toMatchObject({ mapping: [{ value: 'one' }] });
  });

  it('rolls back by deploying an old version as a new one, leaving the draft as it is', async () => {
    const flow = await newFlow();
    await weft.json('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    await save(flow, 'two');
    await weft.json('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });

    const response = await weft.request('POST', `/api/flows/${flow.id}/versions/1/rollback`, { note: 'two was wrong' });
    expect(response.status).toBe(201);
    const third = (await response.json()) as FlowVersion;
    expect(third).toMatchObject({ version: 3, rolledBackFrom: 1, note: 'two was wrong' });
    expect(third.nodes.find((n) => n.id === 'set_1')?.values).toMatchObject({ mapping: [{ value: 'one' }] });
    const after = await weft.json<CheckedFlow>('GET', `/api/flows/${flow.id}`);
    expect(after).toMatchObject({ status: 'active', deployedVersion: 3 });
    expect(after.nodes.find((n) => n.id === 'set_1')?.values).toMatchObject({ mapping: [{ value: 'two' }] });
    expect((await versions(flow.id))[0]).toMatchObject({ version: 3, rolledBackFrom: 1 });
  });

  it('answers 404 for a version that does not exist, and refuses a note that is not text', async () => {
    const flow = await newFlow();
    for (const path of [`/api/flows/${flow.id}/versions/1`, `/api/flows/${flow.id}/versions/x`]) expect((await weft.request('GET', path)).status).toBe(404);
    expect((await weft.request('POST', `/api/flows/${flow.id}/versions/1/rollback`, {})).status).toBe(404);
    expect((await weft.request('GET', `/api/flows/flow_missing/versions`)).status).toBe(404);
    expect((await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active', note: 5 })).status).toBe(400);
  });

  it('forgets every version when the flow is deleted', async () => {
    const flow = await newFlow();
    await weft.json('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(await weft.redis.exists(`${weft.prefix}flow:${flow.id}:version:1`)).toBe(1);
    expect((await weft.request('DELETE', `/api/flows/${flow.id}`)).status).toBe(204);
    expect(await weft.redis.keys(`${weft.prefix}flow:${flow.id}*`)).toEqual([]);
  });
});
