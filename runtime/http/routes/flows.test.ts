/**
 * The flow routes as runtime/server.ts wires them (the registry, shared stores, the runs
 * router beside them). Every rule is tested in-process in flow-saves.test.ts and app.test.ts;
 * this checks the wiring and what only the whole server shows: a flow that cannot be
 * deployed cannot be test-run either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let projectId = '';

const node = (id: string, type: string, values: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, values });
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
const trigger = node('webhookTrigger_1', 'webhookTriggerNode');

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string; code: string } }).error;
}

beforeAll(async () => {
  weft = await startTestWeft();
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Flows' })).id;
});
afterAll(() => weft?.close());

describe('flow routes in the whole server', () => {
  it('serves health, the catalogue and projects', async () => {
    expect(await weft.api('GET', '/api/health')).toEqual({ status: 'ok', redis: 'ok' });
    const catalogue = await weft.api<{ name: string; status: string }[]>('GET', '/api/catalogue');
    expect(catalogue.map((d) => d.name)).toContain('conditionNode');
    expect(catalogue.every((d) => d.status !== 'Disabled')).toBe(true);
    expect(await weft.api('GET', `/api/projects/${projectId}`)).toMatchObject({ id: projectId, slug: expect.stringMatching(/^flows-/) });
  });

  it('creates, saves with a version bump, refuses a stale version, saves a cycle as a draft that cannot run, and lists the flow', async () => {
    const created = await weft.api<{ id: string; version: number }>('POST', `/api/projects/${projectId}/flows`, { name: 'Draft' });
    const nodes = [trigger, node('wait_1', 'waitNode', { seconds: 3 })];
    const saved = await weft.api<{ version: number }>('PUT', `/api/flows/${created.id}`, { version: 1, nodes, edges: [edge('e1', 'webhookTrigger_1', 'wait_1')] });
    expect(saved.version).toBe(2);
    const stale = await weft.request('PUT', `/api/flows/${created.id}`, { version: 1, nodes: [trigger], edges: [] });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).code).toBe('conflict');
    const cyclic = { nodes: [...nodes, node('wait_2', 'waitNode', { seconds: 1 })], edges: [edge('e1', 'webhookTrigger_1', 'wait_1'), edge('e2', 'wait_1', 'wait_2'), edge('e3', 'wait_2', 'wait_1')] };
    const cycle = await weft.api<{ version: number; problems: string[] }>('PUT', `/api/flows/${created.id}`, cyclic);
    expect(cycle).toMatchObject({ version: 3, ...cyclic });
    expect(cycle.problems).toEqual([expect.stringContaining('The flow has a cycle (wait_1 → wait_2 → wait_1)')]);
    const run = await weft.request('POST', `/api/flows/${created.id}/runs`, { input: {} });
    expect(run.status).toBe(400);
    expect(await errorOf(run)).toMatchObject({ code: 'invalid_flow', message: expect.stringContaining('The flow cannot run: The flow has a cycle (wait_1 → wait_2 → wait_1)') });
    expect(await weft.api('GET', `/api/flows/${created.id}`)).toMatchObject({ version: 3, ...cyclic, problems: cycle.problems });
    const listed = (await weft.api<Array<Record<string, unknown>>>('GET', `/api/projects/${projectId}/flows`)).find((f) => f.id === created.id);
    // the list holds summaries, not graphs: it stays small however large the flows are
    expect(listed).toEqual({ id: created.id, projectId, name: expect.any(String), status: 'draft', version: 3, createdAt: expect.any(Number), updatedAt: expect.any(Number), nodeCount: cyclic.nodes.length, triggerType: 'webhookTriggerNode' });
  });

  it('saves missing required values as warnings, but refuses to deploy or run them', async () => {
    const nodes = [trigger, node('api_1', 'apiNode', {})];
    const flow = await weft.api<{ id: string; warnings: string[] }>('POST', `/api/projects/${projectId}/flows`, {
      name: 'Half built', nodes, edges: [edge('e1', 'webhookTrigger_1', 'api_1')],
    });
    expect(flow.warnings).toEqual(['api_1: URL is required']);
    const deploy = await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(deploy.status).toBe(400);
    expect(await errorOf(deploy)).toMatchObject({ code: 'invalid_flow', message: 'The flow cannot be deployed: api_1: URL is required' });
    const run = await weft.request('POST', `/api/flows/${flow.id}/runs`, { input: {} });
    expect(run.status).toBe(400);
    expect(await errorOf(run)).toMatchObject({ code: 'invalid_flow', message: 'The flow cannot run: api_1: URL is required' });
  });

  it('deploys, undeploys and deletes', async () => {
    const flow = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Deploy me' });
    expect(await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' })).toMatchObject({ status: 'active' });
    expect(await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'inactive' })).toMatchObject({ status: 'draft' });
    expect((await weft.request('DELETE', `/api/flows/${flow.id}`)).status).toBe(204);
    expect(await errorOf(await weft.request('GET', `/api/flows/${flow.id}`))).toEqual({ message: 'Workflow not found', code: 'not_found' });
  });
});
