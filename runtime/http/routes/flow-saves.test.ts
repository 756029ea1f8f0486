import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import { chain, edge, node, trigger } from '../../services/flows/testing/flow-fixtures.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

type Saved = CheckedFlow;

let weft: TestApp;
let projectId = '';

const wait = (id: string) => node(id, 'waitNode', { seconds: 1 });
const loopNodes = [trigger, node('forLoop_1', 'forLoopNode'), wait('wait_1'), node('forLoopEnd_1', 'forLoopEndNode')];
const loopEdges = chain('webhookTrigger_1', 'forLoop_1', 'wait_1', 'forLoopEnd_1');

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string; code: string; details?: string[]; version?: number } }).error;
}

/** the trigger and `count` wait nodes, each after the one before */
const waitChain = (count: number) => {
  const nodes = [trigger, ...Array.from({ length: count }, (_, i) => wait(`wait_${i + 1}`))];
  return { nodes, edges: chain(...nodes.map((n) => n.id)) };
};
const tooDeep = waitChain(101);
const tooWide = [trigger, ...Array.from({ length: 101 }, (_, i) => wait(`wait_${i + 1}`))];

const newFlow = (body: Record<string, unknown> = {}) => weft.json<Saved>('POST', `/api/projects/${projectId}/flows`, { name: 'Flow', ...body });

beforeAll(async () => {
  weft = await startTestApp();
  projectId = (await weft.json<{ id: string }>('POST', '/api/projects', { name: 'Flows' })).id;
});
afterAll(() => weft?.close());

describe('creating and reading flows', () => {
  it('creates a draft that starts with a webhook trigger', async () => {
    const response = await weft.request('POST', `/api/projects/${projectId}/flows`, { name: ' First ' });
    expect(response.status).toBe(201);
    const flow = (await response.json()) as Saved;
    expect(flow).toMatchObject({ projectId, name: 'First', status: 'draft', version: 1, edges: [], warnings: [] });
    expect(flow.nodes).toEqual([{ id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} }]);
    expect(await weft.json('GET', `/api/flows/${flow.id}`)).toEqual(flow);
    expect((await weft.json<Saved[]>('GET', `/api/projects/${projectId}/flows`)).map((f) => f.id)).toContain(flow.id);
  });

  it('creates a flow from given nodes and edges, answering missing values as warnings', async () => {
    const flow = await newFlow({ nodes: [trigger, node('api_1', 'apiNode')], edges: chain('webhookTrigger_1', 'api_1') });
    expect(flow.nodes.map((n) => n.id)).toEqual(['webhookTrigger_1', 'api_1']);
    expect(flow.warnings).toEqual(['api_1: URL is required']);
    expect((await weft.json<Saved>('GET', `/api/flows/${flow.id}`)).warnings).toEqual(['api_1: URL is required']);
  });

  it('refuses to create a flow with more nodes than a flow may have, storing nothing', async () => {
    const before = await weft.json<Saved[]>('GET', `/api/projects/${projectId}/flows`);
    const response = await weft.request('POST', `/api/projects/${projectId}/flows`, { name: 'Huge', ...waitChain(10_000) });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_flow', message: 'A flow has at most 1000 nodes (this one has 10001); A flow has at most 2000 edges (this one has 10000)' });
    expect(await weft.json('GET', `/api/projects/${projectId}/flows`)).toEqual(before);
  });

  it('creates a flow without a trigger as a draft, answering the problem', async () => {
    const response = await weft.request('POST', `/api/projects/${projectId}/flows`, { name: 'Half', nodes: [wait('wait_1')] });
    expect(response.status).toBe(201);
    const flow = (await response.json()) as Saved;
    expect(flow).toMatchObject({ status: 'draft', problems: ['No trigger node found!'], warnings: [] });
    expect(await weft.json('GET', `/api/flows/${flow.id}`)).toEqual(flow);
  });

  it('refuses a body that is not a flow document and stores nothing', async () => {
    const before = await weft.json<Saved[]>('GET', `/api/projects/${projectId}/flows`);
    const response = await weft.request('POST', `/api/projects/${projectId}/flows`, { name: 'Bad', nodes: [trigger, { id: 'x_1' }] });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ message: 'Node x_1 has no type', code: 'invalid_flow', details: ['Node x_1 has no type'] });
    expect(await weft.json('GET', `/api/projects/${projectId}/flows`)).toEqual(before);
  });

  it('refuses a save the checks read leniently but the published flow format (/schemas/weft-export.json) does not fit, storing nothing', async () => {
    const before = await weft.json<Saved[]>('GET', `/api/projects/${projectId}/flows`);
    const created = await weft.request('POST', `/api/projects/${projectId}/flows`, { name: 'Off format', nodes: [trigger, { ...wait('wait_1'), position: 'here' }] });
    expect(created.status).toBe(400);
    expect(await errorOf(created)).toEqual({ message: 'The flow does not fit the flow format: /nodes/1/position must be object', code: 'invalid_flow', details: ['/nodes/1/position must be object'] });
    expect(await weft.json('GET', `/api/projects/${projectId}/flows`)).toEqual(before);
    const flow = await newFlow({ nodes: [trigger, wait('wait_1')] });
    const saved = await weft.request('PUT', `/api/flows/${flow.id}`, { version: flow.version, nodes: [trigger, { ...wait('wait_1'), position: 'here' }], edges: [] });
    expect(saved.status).toBe(400);
    expect((await errorOf(saved)).code).toBe('invalid_flow');
    expect((await weft.json<Saved>('GET', `/api/flows/${flow.id}`)).version).toBe(flow.version);
  });

  it.each([
    ['no name', {}, 'A flow needs a name'],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, 'A flow name has at most 200 characters'],
  ])('refuses a flow with %s', async (_what, body, message) => {
    const response = await weft.request('POST', `/api/projects/${projectId}/flows`, body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ message, code: 'bad_request' });
  });

  it("answers 'Project not found' and 'Workflow not found'", async () => {
    for (const [method, path] of [['GET', '/api/projects/proj_missing/flows'], ['POST', '/api/projects/proj_missing/flows']]) {
      const response = await weft.request(method, path, method === 'POST' ? { name: 'x' } : undefined);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual({ message: 'Project not found', code: 'not_found' });
    }
    for (const [method, path, body] of [['GET', '/api/flows/flow_missing'], ['PUT', '/api/flows/flow_missing', {}], ['DELETE', '/api/flows/flow_missing'], ['POST', '/api/flows/flow_missing/deploy', { status: 'active' }]] as const) {
      const response = await weft.request(method, path, body);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual({ message: 'Workflow not found', code: 'not_found' });
    }
  });
});

describe('saving flows', () => {
  it('saves nodes, edges and name, bumping the version each time', async () => {
    const flow = await newFlow();
    const saved = await weft.json<Saved>('PUT', `/api/flows/${flow.id}`, { version: 1, nodes: loopNodes, edges: loopEdges });
    expect(saved).toMatchObject({ id: flow.id, version: 2, name: 'Flow', nodes: loopNodes, edges: loopEdges, warnings: [] });
    const renamed = await weft.json<Saved>('PUT', `/api/flows/${flow.id}`, { name: 'Renamed' });
    expect(renamed).toMatchObject({ version: 3, name: 'Renamed', nodes: loopNodes, edges: loopEdges });
    expect(await weft.json('GET', `/api/flows/${flow.id}`)).toEqual(renamed);
  });

  it('refuses a save from a stale version with 409, naming the stored version', async () => {
    const flow = await newFlow();
    await weft.json('PUT', `/api/flows/${flow.id}`, { version: 1, name: 'Theirs' });
    const response = await weft.request('PUT', `/api/flows/${flow.id}`, { version: 1, name: 'Mine' });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({ code: 'conflict', message: 'The flow changed elsewhere: you edited version 1, the saved one is version 2', version: 2 });
    expect(await weft.json('GET', `/api/flows/${flow.id}`)).toMatchObject({ name: 'Theirs', version: 2 });
  });

  it('refuses a version that is not a whole number', async () => {
    const flow = await newFlow();
    const response = await weft.request('PUT', `/api/flows/${flow.id}`, { version: '1', name: 'x' });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ message: 'version must be a whole number', code: 'bad_request' });
  });

  it('saves a half-built flow, answering what is missing', async () => {
    const flow = await newFlow();
    const saved = await weft.json<Saved>('PUT', `/api/flows/${flow.id}`, { nodes: [trigger, node('api_1', 'apiNode')], edges: chain('webhookTrigger_1', 'api_1') });
    expect(saved.version).toBe(2);
    expect(saved.warnings).toEqual(['api_1: URL is required']);
  });

  it.each([
    ['an unknown node type', [trigger, node('x_1', 'noSuchNode')], [], "Node x_1 has an unknown node type 'noSuchNode'"],
    ['a dangling edge', [trigger], [edge('e1', 'webhookTrigger_1', 'ghost_1')], 'Edge e1 is dangling: node ghost_1 does not exist'],
    ['a handle the node lacks', [trigger, wait('wait_1')], [edge('e1', 'webhookTrigger_1', 'wait_1', 'Else')], "Edge e1 leaves webhookTrigger_1 from 'Else'"],
    ['a target handle other than in', [trigger, wait('wait_1')], [{ ...edge('e1', 'webhookTrigger_1', 'wait_1'), targetHandle: 'x' }], "Edge e1 enters wait_1 at 'x'"],
    ['a duplicate edge', [trigger, wait('wait_1')], [edge('e1', 'webhookTrigger_1', 'wait_1'), edge('e2', 'webhookTrigger_1', 'wait_1')], 'Edge e2 repeats a connection'],
    ['an edge into the trigger', [trigger, wait('wait_1')], [edge('e1', 'wait_1', 'webhookTrigger_1')], 'Edge e1 goes into the trigger webhookTrigger_1'],
    ['a second trigger', [trigger, node('webhookTrigger_2', 'webhookTriggerNode')], [], 'A flow has one trigger; this one has 2'],
    ['no trigger', [wait('wait_1')], [], 'No trigger node found!'],
    ['a cycle', [trigger, wait('a_1'), wait('b_1')], [...chain('webhookTrigger_1', 'a_1', 'b_1'), edge('e9', 'b_1', 'a_1')], 'The flow has a cycle (a_1 → b_1 → a_1)'],
    ['an unclosed loop', loopNodes.slice(0, 3), loopEdges.slice(0, 2), 'For Loop forLoop_1 must reach exactly one Loop End'],
    ['nested loops', [...loopNodes, node('forLoop_2', 'forLoopNode'), node('forLoopEnd_2', 'forLoopEndNode')],
      [...chain('webhookTrigger_1', 'forLoop_1', 'forLoop_2', 'wait_1', 'forLoopEnd_2', 'forLoopEnd_1')], 'Nested For Loops are not allowed'],
    ['an edge into a loop from outside', [...loopNodes, wait('outside_1')], [...loopEdges, edge('e8', 'webhookTrigger_1', 'outside_1'), edge('e9', 'outside_1', 'wait_1')],
      'Edge e9 enters the loop of forLoop_1 from outside it'],
    ['a chain deeper than the engine runs', tooDeep.nodes, tooDeep.edges,
      'Node wait_101 is 101 steps after the trigger; a flow runs at most 100 steps deep (Maximum flow execution depth, limit: 100)'],
    ['a port with more than 100 edges', tooWide, tooWide.slice(1).map((n, i) => edge(`e${i}`, 'webhookTrigger_1', n.id)),
      "Node webhookTrigger_1: port 'out' has 101 edges; a port has at most 100"],
  ])('saves a draft with %s, answering the problem; Run and Deploy refuse it', async (_what, nodes, edges, text) => {
    const flow = await newFlow();
    const response = await weft.request('PUT', `/api/flows/${flow.id}`, { version: 1, nodes, edges });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as Saved;
    expect(saved).toMatchObject({ version: 2, nodes, edges });
    expect(saved.problems.join('; ')).toContain(text);
    expect(await weft.json('GET', `/api/flows/${flow.id}`)).toEqual(saved);
    const deploy = await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(deploy.status).toBe(400);
    expect(await errorOf(deploy)).toMatchObject({ code: 'invalid_flow', message: expect.stringContaining(`The flow cannot be deployed: ${saved.problems[0]}`) });
    expect(await weft.json('GET', `/api/flows/${flow.id}/versions`)).toEqual([]);
  });

  it.each([
    ['a bad node id', [trigger, wait('bad-id')], [], "Node #2 has an invalid id 'bad-id'"],
    ['two nodes with one id', [trigger, wait('wait_1'), wait('wait_1')], [], 'Two nodes have the id wait_1'],
    ['a node without a type', [trigger, { id: 'x_1', position: { x: 0, y: 0 }, values: {} }], [], 'Node x_1 has no type'],
    ['two edges with one id', [trigger, wait('wait_1'), wait('wait_2')], [edge('e1', 'webhookTrigger_1', 'wait_1'), edge('e1', 'wait_1', 'wait_2')], 'Two edges have the id e1'],
    ['an edge without a target', [trigger], [{ id: 'e1', source: 'webhookTrigger_1' }], 'Edge e1 needs a source and a target'],
    ['nodes that are not a list', 'nodes', [], 'A flow needs a list of nodes'],
    ['more nodes than a flow may have', waitChain(1000).nodes, [], 'A flow has at most 1000 nodes (this one has 1001)'],
    ['more edges than a flow may have', [trigger, wait('wait_1')], Array.from({ length: 2001 }, (_, i) => edge(`e${i}`, 'webhookTrigger_1', 'wait_1')),
      'A flow has at most 2000 edges (this one has 2001)'],
  ])('refuses %s with 400 invalid_flow (not a flow document), leaving the stored flow as it was', async (_what, nodes, edges, text) => {
    const flow = await newFlow();
    const stored = await weft.json('GET', `/api/flows/${flow.id}`);
    const response = await weft.request('PUT', `/api/flows/${flow.id}`, { version: 1, nodes, edges });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('invalid_flow');
    expect(error.message).toContain(text);
    expect(error.details!.join('; ')).toBe(error.message);
    expect(await weft.json('GET', `/api/flows/${flow.id}`)).toEqual(stored);
  });
});

describe('deleting and deploying flows', () => {
  it('deletes a flow and takes it out of its project', async () => {
    const flow = await newFlow();
    expect((await weft.request('DELETE', `/api/flows/${flow.id}`)).status).toBe(204);
    expect((await weft.request('GET', `/api/flows/${flow.id}`)).status).toBe(404);
    expect((await weft.json<Saved[]>('GET', `/api/projects/${projectId}/flows`)).map((f) => f.id)).not.toContain(flow.id);
    expect(await weft.redis.exists(`${weft.prefix}flow:${flow.id}`)).toBe(0);
  });

  it('deploys a runnable flow as a new version each time and takes it back to draft, keeping its versions', async () => {
    const flow = await newFlow();
    const active = await weft.json<Saved>('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(active).toMatchObject({ status: 'active', version: 2, deployedVersion: 1, problems: [], warnings: [] });
    expect(await weft.json('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' })).toMatchObject({ status: 'active', version: 3, deployedVersion: 2 });
    expect(await weft.json('POST', `/api/flows/${flow.id}/deploy`, { status: 'inactive' })).toMatchObject({ status: 'draft', version: 4, deployedVersion: 2 });
    expect(await weft.json('POST', `/api/flows/${flow.id}/deploy`, { status: 'inactive' })).toMatchObject({ status: 'draft', version: 4 });
    expect((await weft.json<{ version: number }[]>('GET', `/api/flows/${flow.id}/versions`)).map((v) => v.version)).toEqual([2, 1]);
  });

  it('refuses to deploy a flow with missing values, naming them', async () => {
    const flow = await newFlow({ nodes: [trigger, node('api_1', 'apiNode')], edges: chain('webhookTrigger_1', 'api_1') });
    const response = await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      message: 'The flow cannot be deployed: api_1: URL is required',
      code: 'invalid_flow',
      details: ['api_1: URL is required'],
    });
    expect(await weft.json('GET', `/api/flows/${flow.id}`)).toMatchObject({ status: 'draft', version: 1 });
  });

  it.each([[{ status: 'maybe' }], [{}], [{ status: true }]])('refuses deploy body %j', async (body) => {
    const flow = await newFlow();
    const response = await weft.request('POST', `/api/flows/${flow.id}/deploy`, body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ message: "status must be 'active' or 'inactive'", code: 'bad_request' });
  });
});
