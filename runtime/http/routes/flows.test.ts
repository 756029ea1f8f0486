import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let projectId = '';

const node = (id: string, type: string, values: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, values });
const edge = (id: string, source: string, target: string, sourceHandle = 'out') => ({ id, source, sourceHandle, target, targetHandle: 'in' });
const trigger = node('webhookTrigger_1', 'webhookTriggerNode');

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string; code: string } }).error;
}

beforeAll(async () => {
  weft = await startTestWeft();
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Flows' })).id;
});
afterAll(() => weft?.close());

describe('projects and catalogue', () => {
  it('health, catalogue without Disabled nodes, projects', async () => {
    expect(await weft.api('GET', '/api/health')).toEqual({ status: 'ok', redis: 'ok' });
    const catalogue = await weft.api<{ name: string; status: string }[]>('GET', '/api/catalogue');
    expect(catalogue.map((d) => d.name)).toContain('conditionNode');
    expect(catalogue.every((d) => d.status !== 'Disabled')).toBe(true);
    const project = await weft.api<{ id: string; slug: string }>('GET', `/api/projects/${projectId}`);
    expect(project.slug).toMatch(/^flows-/);
    expect(await errorOf(await weft.request('GET', '/api/projects/proj_nope'))).toEqual({ message: 'Project not found', code: 'not_found' });
    expect((await weft.request('POST', '/api/projects', { name: '' })).status).toBe(400);
  });

  it('answers malformed JSON and unknown routes with the error shape', async () => {
    const bad = await fetch(`${weft.url}/api/projects`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe('bad_request');
    const missing = await weft.request('GET', '/api/nothing-here');
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe('not_found');
  });
});

describe('flows', () => {
  it('creates a draft with a webhook trigger, saves with a version bump, refuses a stale version', async () => {
    const created = await weft.api<{ id: string; version: number; status: string; nodes: { id: string }[] }>(
      'POST', `/api/projects/${projectId}/flows`, { name: 'Draft' },
    );
    expect(created).toMatchObject({ version: 1, status: 'draft', nodes: [{ id: 'webhookTrigger_1' }] });
    const nodes = [trigger, node('wait_1', 'waitNode', { seconds: 3 })];
    const saved = await weft.api<{ version: number }>('PUT', `/api/flows/${created.id}`, { version: 1, nodes, edges: [edge('e1', 'webhookTrigger_1', 'wait_1')] });
    expect(saved.version).toBe(2);
    const stale = await weft.request('PUT', `/api/flows/${created.id}`, { version: 1, nodes: [trigger], edges: [] });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).code).toBe('conflict');
    const read = await weft.api<{ version: number; nodes: unknown[] }>('GET', `/api/flows/${created.id}`);
    expect(read.version).toBe(2);
    expect(read.nodes).toHaveLength(2);
    const listed = await weft.api<{ id: string }[]>('GET', `/api/projects/${projectId}/flows`);
    expect(listed.map((f) => f.id)).toContain(created.id);
  });

  it.each([
    ['an unknown node type', [trigger, node('x_1', 'noSuchNode')], [], "unknown node type 'noSuchNode'"],
    ['a dangling edge', [trigger], [edge('e1', 'webhookTrigger_1', 'ghost_1')], 'Edge e1 is dangling: node ghost_1 does not exist'],
    ['a second trigger', [trigger, node('webhookTrigger_2', 'webhookTriggerNode')], [], 'one trigger'],
    ['no trigger', [node('wait_1', 'waitNode')], [], 'No trigger node found!'],
    ['an edge into the trigger', [trigger, node('wait_1', 'waitNode')], [edge('e1', 'wait_1', 'webhookTrigger_1')], 'goes into the trigger'],
    ['a handle the node does not have', [trigger, node('wait_1', 'waitNode')], [edge('e1', 'webhookTrigger_1', 'wait_1', 'nope')], "from 'nope'"],
    ['a cycle outside a loop', [trigger, node('a_1', 'waitNode'), node('b_1', 'waitNode')],
      [edge('e1', 'webhookTrigger_1', 'a_1'), edge('e2', 'a_1', 'b_1'), edge('e3', 'b_1', 'a_1')], 'cycle'],
    ['nested For Loops', [trigger, node('forLoop_1', 'forLoopNode'), node('forLoop_2', 'forLoopNode'), node('forLoopEnd_1', 'forLoopEndNode'), node('forLoopEnd_2', 'forLoopEndNode')],
      [edge('e1', 'webhookTrigger_1', 'forLoop_1'), edge('e2', 'forLoop_1', 'forLoop_2'), edge('e3', 'forLoop_2', 'forLoopEnd_2'), edge('e4', 'forLoopEnd_2', 'forLoopEnd_1')],
      'Nested For Loops are not allowed'],
    ['a malformed document', 'nodes', [], 'A flow needs a list of nodes'],
    ['a bad node id', [trigger, node('1bad', 'waitNode')], [], "invalid id '1bad'"],
  ])('refuses %s with a 400 naming it, leaving the stored flow as it was', async (_what, nodes, edges, text) => {
    const flow = await weft.api<{ id: string; version: number }>('POST', `/api/projects/${projectId}/flows`, { name: 'Keep' });
    const refused = await weft.request('PUT', `/api/flows/${flow.id}`, { nodes, edges });
    expect(refused.status).toBe(400);
    const error = await errorOf(refused);
    expect(error.code).toBe('invalid_flow');
    expect(error.message).toContain(text);
    const stored = await weft.api<{ version: number; nodes: { id: string }[] }>('GET', `/api/flows/${flow.id}`);
    expect(stored.version).toBe(1);
    expect(stored.nodes.map((n) => n.id)).toEqual(['webhookTrigger_1']);
  });

  it('saves missing required values as warnings, but refuses to deploy or run them', async () => {
    const nodes = [trigger, node('api_1', 'apiNode', {})];
    const flow = await weft.api<{ id: string; warnings: string[] }>('POST', `/api/projects/${projectId}/flows`, {
      name: 'Half built', nodes, edges: [edge('e1', 'webhookTrigger_1', 'api_1')],
    });
    expect(flow.warnings.join()).toContain('api_1');
    const deploy = await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(deploy.status).toBe(400);
    const run = await weft.request('POST', `/api/flows/${flow.id}/runs`, { input: {} });
    expect(run.status).toBe(400);
  });

  it('deploys, undeploys and deletes', async () => {
    const flow = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Deploy me' });
    expect(await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' })).toMatchObject({ status: 'active' });
    expect(await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'inactive' })).toMatchObject({ status: 'draft' });
    expect((await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'maybe' })).status).toBe(400);
    expect((await weft.request('DELETE', `/api/flows/${flow.id}`)).status).toBe(204);
    expect(await errorOf(await weft.request('GET', `/api/flows/${flow.id}`))).toEqual({ message: 'Workflow not found', code: 'not_found' });
  });
});
