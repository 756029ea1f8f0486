import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let projectId = '';
/** production calls carry an API key of the project */
let key = '';
const hook = (id: string, body: unknown) => weft.request('POST', `/hook/${id}`, body, { authorization: `Bearer ${key}` });

const trigger = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
const variables = (id: string, value: string) => ({
  id, type: 'variablesNode', position: { x: 0, y: 0 }, values: { mapping: [{ key: 'v', type: 'string', value }] },
});
const response = { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 0, y: 0 }, values: { outputMapping: [{ key: 'echo', value: '{{variables_1.output.v}}' }] } };
const code = (id: string, source: string) => ({ id, type: 'codeNode', position: { x: 0, y: 0 }, values: { code: source } });

async function flow(nodes: unknown[], edges: unknown[], active = true): Promise<string> {
  const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'runs test', nodes, edges });
  if (active) await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}

beforeAll(async () => {
  weft = await startTestWeft();
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Runs' })).id;
  key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'runs test' })).key;
});
afterAll(() => weft?.close());

describe('webhook', () => {
  it('answers with the response node output, realtime', async () => {
    const id = await flow([trigger, variables('variables_1', 'hi {{trigger.output.name}}'), response], [
      edge('e1', 'webhookTrigger_1', 'variables_1'), edge('e2', 'variables_1', 'apiResponse_1'),
    ]);
    const answer = await hook(id, { name: 'Ada' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ echo: 'hi Ada' });
    expect(answer.headers.get('x-weft-run-id')).toMatch(/^run_/);
  });

  it('answers {runId, status} at once when the flow has no response node', async () => {
    const id = await flow([trigger, variables('variables_1', 'x')], [edge('e1', 'webhookTrigger_1', 'variables_1')]);
    const answer = await hook(id, {});
    expect(answer.status).toBe(202);
    expect(await answer.json()).toMatchObject({ runId: expect.stringMatching(/^run_/), status: 'running' });
  });

  it("refuses drafts and unknown flows with 'Workflow not found'", async () => {
    const draft = await flow([trigger], [], false);
    for (const id of [draft, 'flow_nope']) {
      const answer = await hook(id, {});
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: { message: 'Workflow not found', code: 'not_found' } });
    }
  });

  it('reports a failed run with the node error, its kind, the node and the run, and no stack trace', async () => {
    const answerCode = { ...response, values: { outputMapping: [{ key: 'echo', value: '{{code_1.output}}' }] } };
    const id = await flow([trigger, code('code_1', "throw new Error('nope')"), answerCode], [
      edge('e1', 'webhookTrigger_1', 'code_1'), edge('e2', 'code_1', 'apiResponse_1'),
    ]);
    const answer = await hook(id, {});
    // code that throws is the flow's fault (a user error): 422, not a defect of weft
    expect(answer.status).toBe(422);
    const body = (await answer.json()) as { error: Record<string, string> };
    expect(body.error).toEqual({
      code: 'run_failed',
      message: 'Error in code: Error: nope',
      kind: 'user',
      nodeId: 'code_1',
      runId: answer.headers.get('x-weft-run-id'),
    });
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('runs', () => {
  it('test-runs a flow: snapshot, history, actors, events replayed from any id', async () => {
    const id = await flow([trigger, variables('variables_1', 'v'), response], [
      edge('e1', 'webhookTrigger_1', 'variables_1'), edge('e2', 'variables_1', 'apiResponse_1'),
    ], false);
    const started = await weft.request('POST', `/api/flows/${id}/runs`, { input: { a: 1 } });
    expect(started.status).toBe(202);
    const { runId } = (await started.json()) as { runId: string };
    const events = await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
    expect(events.at(-1)?.type).toBe('run.completed');
    const resumed = await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers, lastEventId: String(events[3].id) });
    expect(resumed).toEqual(events.slice(4));

    const snapshot = await weft.api<{ status: string; mode: string; nodes: Record<string, { state: string; output: unknown }> }>('GET', `/api/runs/${runId}`);
    expect(snapshot).toMatchObject({ status: 'completed', mode: 'test' });
    expect(snapshot.nodes.webhookTrigger_1.output).toEqual({ a: 1 });
    const history = await weft.api<{ runId: string; status: string }[]>('GET', `/api/flows/${id}/runs`);
    expect(history[0]).toMatchObject({ runId, status: 'completed' });
    const actors = await weft.api<{ actor: string; mailbox: { length: number } }[]>('GET', `/api/runs/${runId}/actors`);
    expect(actors.find((a) => a.actor === 'apiResponse_1')?.mailbox.length).toBe(1);
  });

  it('re-runs a past run from a node with an edited upstream message; refuses a malformed body naming the field', async () => {
    const id = await flow([trigger, variables('variables_1', 'hi {{trigger.output.name}}'), response], [
      edge('e1', 'webhookTrigger_1', 'variables_1'), edge('e2', 'variables_1', 'apiResponse_1'),
    ], false);
    const { runId: source } = await weft.api<{ runId: string }>('POST', `/api/flows/${id}/runs`, { input: { name: 'Ada' } });
    await readSse(`${weft.url}/api/runs/${source}/events`, { headers: weft.headers });
    const started = await weft.request('POST', `/api/runs/${source}/rerun`, { fromNode: 'variables_1', inputs: { webhookTrigger_1: { name: 'Bo' } } });
    expect(started.status).toBe(202);
    const { runId } = (await started.json()) as { runId: string };
    const events = await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
    expect(events.at(-1)?.type).toBe('run.completed');
    expect(events.some((e) => e.type === 'node.completed' && e.nodeId === 'webhookTrigger_1')).toBe(false);
    const snapshot = await weft.api<{ mode: string; rerunOf: unknown; nodes: Record<string, { output: unknown }> }>('GET', `/api/runs/${runId}`);
    expect(snapshot).toMatchObject({ mode: 'test', rerunOf: { runId: source, fromNode: 'variables_1' } });
    expect(snapshot.nodes.apiResponse_1.output).toMatchObject({ echo: 'hi Bo' });
    const history = await weft.api<{ runId: string; rerunOf?: unknown }[]>('GET', `/api/flows/${id}/runs`);
    expect(history.find((r) => r.runId === runId)?.rerunOf).toEqual({ runId: source, fromNode: 'variables_1' });
    const refused = async (body: unknown) => {
      const answer = await weft.request('POST', `/api/runs/${source}/rerun`, body);
      return [answer.status, ((await answer.json()) as { error: { message: string } }).error.message];
    };
    expect(await refused({})).toEqual([400, 'fromNode: a node id is required']);
    expect(await refused({ fromNode: 'nope_1' })).toEqual([400, "fromNode: no node 'nope_1' in the flow"]);
    expect(await refused({ fromNode: 'variables_1', inputs: [] })).toEqual([400, 'inputs: an object of node id → replacement message']);
    expect(await refused({ fromNode: 'variables_1', version: 0 })).toEqual([400, "version: 'draft' or a deployed version number"]);
    expect(await refused({ fromNode: 'variables_1', version: 7 })).toEqual([400, 'version: the flow has no deployed version 7']);
  });

  it('re-runs from a node inside a loop body in the iteration asked for; refuses an iteration out of range or not an integer', async () => {
    const loop = { id: 'forLoop_1', type: 'forLoopNode', position: { x: 0, y: 0 }, values: { iterateOver: 'list', iteratorValue: '["a","b","c"]' } };
    const end = { id: 'forLoopEnd_1', type: 'forLoopEndNode', position: { x: 0, y: 0 }, values: {} };
    const id = await flow([trigger, loop, variables('variables_1', '{{forLoop_1.output.currentValue}}'), variables('variables_2', '{{variables_1.output.v}}!'), end], [
      edge('e1', 'webhookTrigger_1', 'forLoop_1'), edge('e2', 'forLoop_1', 'variables_1'), edge('e3', 'variables_1', 'variables_2'), edge('e4', 'variables_2', 'forLoopEnd_1'),
    ], false);
    const { runId: source } = await weft.api<{ runId: string }>('POST', `/api/flows/${id}/runs`, { input: {} });
    await readSse(`${weft.url}/api/runs/${source}/events`, { headers: weft.headers });
    const started = await weft.request('POST', `/api/runs/${source}/rerun`, { fromNode: 'variables_2', inputs: { variables_1: { v: 'B' } }, iteration: 1 });
    expect(started.status).toBe(202);
    const { runId, rerunOf } = (await started.json()) as { runId: string; rerunOf: unknown };
    expect(rerunOf).toEqual({ runId: source, fromNode: 'variables_2', iteration: 1 });
    const events = await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
    expect(events.at(-1)?.type).toBe('run.completed');
    const ranAgain = events.filter((e) => e.type === 'node.started').map((e) => `${e.nodeId}#${e.iteration ?? ''}`);
    // the loop's own steps start too (its iteration records, its next iteration); nothing of iteration 0, nor variables_1 in 1
    expect(ranAgain).toEqual(['variables_2#1', 'forLoopEnd_1#1', 'forLoop_1#2', 'variables_1#2', 'variables_2#2', 'forLoopEnd_1#2', 'forLoopEnd_1#']);
    const snapshot = await weft.api<{ nodes: Record<string, { output: { loopOutput: { output: unknown }[] } }> }>('GET', `/api/runs/${runId}`);
    expect(snapshot.nodes.forLoopEnd_1.output.loopOutput.map((r) => r.output)).toEqual([{ v: 'a!' }, { v: 'B!' }, { v: 'c!' }]);
    const refused = async (body: unknown) => {
      const answer = await weft.request('POST', `/api/runs/${source}/rerun`, body);
      return [answer.status, ((await answer.json()) as { error: { message: string } }).error.message];
    };
    expect(await refused({ fromNode: 'variables_2', iteration: 3 })).toEqual([400, `iteration: the loop 'forLoop_1' has 3 iterations in run ${source} (from 0 to 2)`]);
    expect(await refused({ fromNode: 'variables_2', iteration: '1' })).toEqual([400, 'iteration: an integer, 0 or more (the loop iteration to start in)']);
    expect(await refused({ fromNode: 'variables_1', inputs: { variables_2: {} } })).toEqual([400, "inputs.variables_2: 'variables_2' runs again in the re-run; only the nodes before 'variables_1' take an input"]);
  });

  it('cancels a running run', async () => {
    const id = await flow([trigger, { id: 'wait_1', type: 'waitNode', position: { x: 0, y: 0 }, values: { seconds: 5 } }], [
      edge('e1', 'webhookTrigger_1', 'wait_1'),
    ], false);
    const { runId } = await weft.api<{ runId: string }>('POST', `/api/flows/${id}/runs`, { input: {} });
    await new Promise((ok) => setTimeout(ok, 300));
    expect(await weft.api('POST', `/api/runs/${runId}/cancel`)).toEqual({ runId, status: 'cancelled' });
    const snapshot = await weft.api<{ status: string; nodes: Record<string, { state: string }> }>('GET', `/api/runs/${runId}`);
    expect(snapshot.status).toBe('cancelled');
    expect(snapshot.nodes.wait_1.state).toBe('cancelled');
  });

  it("fails a run nested deeper than 100 child runs with 'Maximum flow execution depth exceeded (limit: 100)'", async () => {
    // a flow deeper than 100 nodes cannot be deployed or run (flow-limits.ts); a child run starts
    // at its parent's hop + 1, so a flow that runs itself reaches the engine's limit at run time
    const id = await flow([trigger], [], false);
    const again = { id: 'executeFlow_1', type: 'executeFlowNode', position: { x: 0, y: 0 }, values: { flowId: id, requestInput: '{}' } };
    await weft.api('PUT', `/api/flows/${id}`, { nodes: [trigger, again], edges: [edge('e1', 'webhookTrigger_1', 'executeFlow_1')] });
    await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
    const { runId } = await weft.api<{ runId: string }>('POST', `/api/flows/${id}/runs`, { input: {} });
    const events = await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers, timeoutMs: 30_000 });
    const error = 'Maximum flow execution depth exceeded (limit: 100)';
    // too deep is the flow's own doing: a user error, in the event, the snapshot and the history
    expect(events.at(-1)).toMatchObject({ type: 'run.failed', error, errorKind: 'user', nodeId: 'executeFlow_1' });
    const snapshot = await weft.api<{ errorKind: string }>('GET', `/api/runs/${runId}`);
    expect(snapshot.errorKind).toBe('user');
    // the history (newest first) holds the nested child runs too, each failed with the same error
    const history = await weft.api<unknown[]>('GET', `/api/flows/${id}/runs`);
    expect(history.length).toBeGreaterThan(0);
    for (const entry of history) expect(entry).toMatchObject({ status: 'failed', error, errorKind: 'user' });
  });

  it('answers 404 for unknown runs and flows', async () => {
    for (const path of ['/api/runs/run_nope', '/api/runs/run_nope/actors', '/api/flows/flow_nope/runs']) {
      const answer = await weft.request('GET', path);
      expect(answer.status, path).toBe(404);
    }
  });

  it('streams production runs of a flow live', async () => {
    const id = await flow([trigger, variables('variables_1', 'v'), response], [
      edge('e1', 'webhookTrigger_1', 'variables_1'), edge('e2', 'variables_1', 'apiResponse_1'),
    ]);
    const controller = new AbortController();
    const live = readSse(`${weft.url}/api/flows/${id}/live`, { headers: weft.headers, signal: controller.signal, limit: 100, timeoutMs: 3000 });
    await new Promise((ok) => setTimeout(ok, 200));
    await hook(id, { n: 1 });
    await hook(id, { n: 2 });
    await new Promise((ok) => setTimeout(ok, 300));
    controller.abort();
    const events = await live;
    const runs = new Set(events.map((e) => e.runId));
    expect(runs.size).toBe(2);
    expect(events.filter((e) => e.type === 'run.completed')).toHaveLength(2);
    expect(events.some((e) => e.type === 'edge.message' && e.edgeId === 'e2')).toBe(true);
  });
});
