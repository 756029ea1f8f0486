/** The debug loop's routes (docs/debugging.md): run one node alone, compare two runs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import type { RerunPlan, RunComparison } from '../../../contract/run-compare.ts';

let weft: TestWeft;
let projectId = '';

const trigger = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
const variables = (id: string, value: string) => ({
  id, type: 'variablesNode', position: { x: 0, y: 0 }, values: { mapping: [{ key: 'v', type: 'string', value }] },
});
const code = (id: string, source: string) => ({ id, type: 'codeNode', position: { x: 0, y: 0 }, values: { code: source } });
const response = { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 0, y: 0 }, values: { outputMapping: [{ key: 'echo', value: '{{variables_2.output.v}}' }] } };

interface Snapshot { status: string; singleNode?: string; rerunOf?: unknown; nodes: Record<string, { state: string; output?: unknown }> }
interface NodeRun { runId: string; nodeId: string; status: string; output?: unknown; error?: string; errorKind?: string }

/** trigger → variables_1 → variables_2 → apiResponse_1, a draft */
async function chainFlow(second: Record<string, unknown> = variables('variables_2', '{{variables_1.output.v}}!')): Promise<string> {
  const nodes = [trigger, variables('variables_1', 'hi {{trigger.output.name}}'), second, response];
  const edges = [edge('e1', 'webhookTrigger_1', 'variables_1'), edge('e2', 'variables_1', 'variables_2'), edge('e3', 'variables_2', 'apiResponse_1')];
  return (await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'debug test', nodes, edges })).id;
}

async function testRun(flowId: string, input: unknown): Promise<string> {
  const { runId } = await weft.api<{ runId: string }>('POST', `/api/flows/${flowId}/runs`, { input });
  await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
  return runId;
}

const runNode = (flowId: string, nodeId: string, body: unknown) => weft.api<NodeRun>('POST', `/api/flows/${flowId}/nodes/${nodeId}/run`, body);

beforeAll(async () => {
  weft = await startTestWeft();
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Debug' })).id;
});
afterAll(() => weft?.close());

describe('POST /api/flows/:flowId/nodes/:nodeId/run', () => {
  it('runs one node with what a past run recorded before it; nothing before or after it runs', async () => {
    const flowId = await chainFlow();
    const source = await testRun(flowId, { name: 'Ada' });
    const ran = await runNode(flowId, 'variables_2', { fromRun: source });
    expect(ran).toMatchObject({ nodeId: 'variables_2', status: 'completed' });
    expect(JSON.stringify(ran.output)).toContain('hi Ada!');
    const snapshot = await weft.api<Snapshot>('GET', `/api/runs/${ran.runId}`);
    expect(snapshot).toMatchObject({ status: 'completed', singleNode: 'variables_2', rerunOf: { runId: source, fromNode: 'variables_2' } });
    expect(snapshot.nodes.apiResponse_1).toBeUndefined();
    const replay = await readSse(`${weft.url}/api/runs/${ran.runId}/events`, { headers: weft.headers });
    expect(replay.filter((e) => e.type === 'node.completed').map((e) => e.nodeId)).toEqual(['variables_2']);
    const history = await weft.api<{ runId: string; singleNode?: string }[]>('GET', `/api/flows/${flowId}/runs`);
    expect(history.find((r) => r.runId === ran.runId)?.singleNode).toBe('variables_2');
  });

  it('takes pasted outputs of the nodes before it, over a past run or without one', async () => {
    const flowId = await chainFlow();
    const source = await testRun(flowId, { name: 'Ada' });
    const edited = await runNode(flowId, 'variables_2', { fromRun: source, input: { variables_1: { v: 'edited' } } });
    expect(JSON.stringify(edited.output)).toContain('edited!');
    const pasted = await runNode(flowId, 'variables_2', { input: { variables_1: { v: 'pasted' } } });
    expect(pasted.status).toBe('completed');
    expect(JSON.stringify(pasted.output)).toContain('pasted!');
    const snapshot = await weft.api<Snapshot>('GET', `/api/runs/${pasted.runId}`);
    expect(snapshot.rerunOf).toBeUndefined();
    expect(snapshot.nodes.variables_1).toMatchObject({ state: 'completed', output: { v: 'pasted' } });
    const trigger = await runNode(flowId, 'webhookTrigger_1', { input: { name: 'Cy' } });
    expect(trigger).toMatchObject({ status: 'completed', output: { name: 'Cy' } });
  });

  it("answers the node's error when it fails", async () => {
    const flowId = await chainFlow(code('variables_2', "throw new Error('nope')"));
    const source = await testRun(flowId, { name: 'Ada' });
    const ran = await runNode(flowId, 'variables_2', { fromRun: source });
    expect(ran).toMatchObject({ status: 'failed', error: 'Error in code: Error: nope', errorKind: 'user' });
  });

  it('refuses what it cannot run, naming the field', async () => {
    const flowId = await chainFlow();
    const source = await testRun(flowId, { name: 'Ada' });
    const refused = async (nodeId: string, body: unknown) => {
      const answer = await weft.request('POST', `/api/flows/${flowId}/nodes/${nodeId}/run`, body);
      return [answer.status, ((await answer.json()) as { error: { message: string } }).error.message];
    };
    expect(await refused('nope_1', {})).toEqual([404, "Node 'nope_1' not found in the flow"]);
    expect(await refused('variables_2', { input: [] })).toEqual([400, "input: an object of node id → that node's output, for the nodes before this one"]);
    expect(await refused('variables_2', { fromRun: 7 })).toEqual([400, 'fromRun: a run id of this flow']);
    expect(await refused('variables_2', { fromRun: 'run_nope' })).toEqual([404, 'Run not found']);
    expect(await refused('variables_1', { input: { variables_2: {} } })).toEqual([400, "input.variables_2: 'variables_2' is not a node before 'variables_1'"]);
    expect(await refused('variables_1', { fromRun: source, input: { apiResponse_1: {} } })).toEqual([400, "input.apiResponse_1: 'apiResponse_1' is not a node before 'variables_1'"]);
    const otherRun = await testRun(await chainFlow(), {});
    expect(await refused('variables_1', { fromRun: otherRun })).toEqual([400, `fromRun: run ${otherRun} is not a run of this flow`]);
  });
});

describe('GET /api/runs/:a/compare/:b', () => {
  it('compares a re-run with an edited input against its source run, node by node', async () => {
    const flowId = await chainFlow();
    const source = await testRun(flowId, { name: 'Ada' });
    const { runId: rerun } = await weft.api<{ runId: string }>('POST', `/api/runs/${source}/rerun`, { fromNode: 'variables_2', inputs: { variables_1: { v: 'edited' } } });
    await readSse(`${weft.url}/api/runs/${rerun}/events`, { headers: weft.headers });
    const comparison = await weft.api<RunComparison>('GET', `/api/runs/${source}/compare/${rerun}`);
    expect(comparison.b).toMatchObject({ runId: rerun, status: 'completed', rerunOf: { runId: source, fromNode: 'variables_2' } });
    const byNode = Object.fromEntries(comparison.nodes.map((n) => [n.nodeId, n]));
    expect(byNode.webhookTrigger_1.same).toBe(true);
    expect(byNode.variables_1.diff.changed).toEqual([{ path: 'v', before: 'hi Ada', after: 'edited' }]);
    expect(byNode.variables_2).toMatchObject({ a: { state: 'completed', tokens: 0, cost: 0 }, b: { state: 'completed', tokens: 0, cost: 0 }, same: false });
    expect(byNode.variables_2.diff.changed).toEqual([{ path: 'v', before: 'hi Ada!', after: 'edited!' }]);
    expect(typeof byNode.variables_2.b?.durationMs).toBe('number');
    expect(byNode.apiResponse_1.same).toBe(false);
  });

  it('refuses runs of two flows, naming the second; 404 for an unknown run', async () => {
    const [one, two] = [await testRun(await chainFlow(), {}), await testRun(await chainFlow(), {})];
    const answer = await weft.request('GET', `/api/runs/${one}/compare/${two}`);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(`b: run ${two} is a run of another flow than run ${one}`);
    expect((await weft.request('GET', `/api/runs/${one}/compare/run_nope`)).status).toBe(404);
  });
});

describe('GET /api/runs/:runId/rerun-plan', () => {
  it('lists what runs again, which of those call out (pinned and disabled ones marked) and the outputs it starts from', async () => {
    const api = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'apiNode', position: { x: 0, y: 0 }, values: { url: 'http://127.0.0.1:9/x', method: 'GET' }, ...extra });
    const nodes = [
      trigger, variables('variables_1', 'v'), api('apiNode_1', { pinned: { output: { ok: true }, pinnedAt: 1 } }), api('apiNode_2', { disabled: true }), api('apiNode_3'),
    ];
    const edges = [
      edge('e1', 'webhookTrigger_1', 'variables_1'), edge('e2', 'variables_1', 'apiNode_1'), edge('e3', 'apiNode_1', 'apiNode_2'), edge('e4', 'webhookTrigger_1', 'apiNode_3'),
    ];
    const flowId = (await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'plan test', nodes, edges })).id;
    const source = await testRun(flowId, {});
    const plan = await weft.api<RerunPlan>('GET', `/api/runs/${source}/rerun-plan?fromNode=variables_1`);
    expect(plan).toEqual({
      fromNode: 'variables_1', version: 'draft', mode: 'test',
      rerun: ['variables_1', 'apiNode_1', 'apiNode_2'].map((nodeId) => ({ nodeId, type: nodeId.startsWith('api') ? 'apiNode' : 'variablesNode', label: nodeId.startsWith('api') ? 'API Request' : 'Variables' })),
      callsOut: [
        { nodeId: 'apiNode_1', type: 'apiNode', label: 'API Request', sideEffects: 'http', pinned: true },
        { nodeId: 'apiNode_2', type: 'apiNode', label: 'API Request', sideEffects: 'http', disabled: true },
      ],
      inputs: [{ nodeId: 'webhookTrigger_1', type: 'webhookTriggerNode', label: expect.any(String) }],
    });
    // production runs ignore pins: the pinned API node would call out
    const production = await weft.api<RerunPlan>('GET', `/api/runs/${source}/rerun-plan?fromNode=variables_1&mode=production&version=draft`);
    expect(production.callsOut[0]).toEqual({ nodeId: 'apiNode_1', type: 'apiNode', label: 'API Request', sideEffects: 'http' });
    const refused = async (query: string) => {
      const answer = await weft.request('GET', `/api/runs/${source}/rerun-plan${query}`);
      return [answer.status, ((await answer.json()) as { error: { message: string } }).error.message];
    };
    expect(await refused('')).toEqual([400, 'fromNode: a node id is required']);
    expect(await refused('?fromNode=nope_1')).toEqual([400, "fromNode: no node 'nope_1' in the flow"]);
    expect(await refused('?fromNode=variables_1&version=0')).toEqual([400, "version: 'draft' or a deployed version number"]);
    expect(await refused('?fromNode=variables_1&version=3')).toEqual([400, 'version: the flow has no deployed version 3']);
    expect(await refused('?fromNode=variables_1&mode=live')).toEqual([400, "mode: 'test' or 'production'"]);
  });
  it('from inside a loop body: the body before the node runs again too (in the later iterations) and is the input', async () => {
    const node = (id: string, type: string, values: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, values });
    const api = node('apiNode_1', 'apiNode', { url: 'http://127.0.0.1:9/x', method: 'GET' });
    const nodes = [trigger, node('forLoop_1', 'forLoopNode', { iterateOver: 'list', iteratorValue: '[1]' }), api, variables('variables_1', 'v'), node('forLoopEnd_1', 'forLoopEndNode')];
    const edges = [edge('e1', 'webhookTrigger_1', 'forLoop_1'), edge('e2', 'forLoop_1', 'apiNode_1'), edge('e3', 'apiNode_1', 'variables_1'), edge('e4', 'variables_1', 'forLoopEnd_1')];
    const flowId = (await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'loop plan test', nodes, edges })).id;
    const source = await testRun(flowId, {});
    const plan = await weft.api<RerunPlan>('GET', `/api/runs/${source}/rerun-plan?fromNode=variables_1`);
    expect(plan.rerun.map((n) => n.nodeId)).toEqual(['apiNode_1', 'variables_1', 'forLoopEnd_1']);
    expect(plan.callsOut.map((n) => n.nodeId)).toEqual(['apiNode_1']);
    expect(plan.inputs.map((n) => n.nodeId)).toEqual(['apiNode_1']);
  });
});
