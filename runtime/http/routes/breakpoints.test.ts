/** The breakpoint routes (docs/debugging.md#breakpoints) on a whole weft and its Redis: set, hit, edit, step, continue, abort, conditions, timeout, restart. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let projectId = '';
let key = '';

const trigger = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
const variables = { id: 'variables_1', type: 'variablesNode', position: { x: 0, y: 0 }, values: { mapping: [{ key: 'v', type: 'string', value: 'hi {{trigger.output.name}}' }] } };
const response = { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 0, y: 0 }, values: { outputMapping: [{ key: 'echo', value: '{{variables_1.output.v}}' }] } };

/** webhookTrigger_1 -e1-> variables_1 -e2-> apiResponse_1 */
async function flow(client: TestWeft, project: string, active = false): Promise<string> {
  const created = await client.api<{ id: string }>('POST', `/api/projects/${project}/flows`, {
    name: 'breakpoints test', nodes: [trigger, variables, response], edges: [edge('e1', 'webhookTrigger_1', 'variables_1'), edge('e2', 'variables_1', 'apiResponse_1')],
  });
  if (active) await client.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}

type Snapshot = { status: string; error?: string; paused?: { edgeId: string; source: string; nodeId: string; message: unknown }; nodes: Record<string, { state: string; output?: unknown }> };

async function pausedRun(client: TestWeft, runId: string): Promise<Snapshot> {
  for (let i = 0; i < 200; i++) {
    const snapshot = await client.api<Snapshot>('GET', `/api/runs/${runId}`);
    if (snapshot.paused || snapshot.status !== 'running') return snapshot;
    await new Promise((ok) => setTimeout(ok, 25));
  }
  throw new Error(`run ${runId} did not pause`);
}

const start = (client: TestWeft, flowId: string, breakpoints: unknown) =>
  client.api<{ runId: string }>('POST', `/api/flows/${flowId}/runs`, { input: { name: 'Ada' }, breakpoints });
const refused = async (client: TestWeft, method: string, path: string, body?: unknown) => {
  const answer = await client.request(method, path, body);
  return [answer.status, ((await answer.json()) as { error: { message: string } }).error.message];
};
const end = (client: TestWeft, runId: string) => readSse(`${client.url}/api/runs/${runId}/events`, { headers: client.headers });

beforeAll(async () => {
  weft = await startTestWeft();
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Breakpoints' })).id;
  key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'breakpoints test' })).key;
});
afterAll(() => weft?.close());

describe('breakpoints', () => {
  it('pauses a test run on an edge, shows the held message live and in the snapshot; step delivers the edited message', async () => {
    const id = await flow(weft, projectId);
    const live = readSse(`${weft.url}/api/flows/${id}/live`, { headers: weft.headers, timeoutMs: 2500 });
    await new Promise((ok) => setTimeout(ok, 300));
    const { runId } = await start(weft, id, [{ edge: 'e2' }]);
    const snapshot = await pausedRun(weft, runId);
    expect(snapshot).toMatchObject({ status: 'running', paused: { edgeId: 'e2', source: 'variables_1', nodeId: 'apiResponse_1', message: { v: 'hi Ada' } } });
    expect(snapshot.nodes.apiResponse_1).toBeUndefined();
    expect((await live).filter((e) => e.runId === runId && e.type === 'run.paused')).toMatchObject([{ edgeId: 'e2', message: { v: 'hi Ada' } }]);

    const stepped = await weft.api<{ action: string }>('POST', `/api/runs/${runId}/debug`, { action: 'step', message: { v: 'edited' } });
    expect(stepped).toMatchObject({ runId, action: 'step' });
    const events = await end(weft, runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    const after = await weft.api<Snapshot>('GET', `/api/runs/${runId}`);
    expect(after.nodes.apiResponse_1.output).toMatchObject({ echo: 'edited' });
    expect(after.paused).toBeUndefined();
  });

  it('a condition over the message: it pauses when it holds and not when it does not; breakpoints set on a running run; continue', async () => {
    const id = await flow(weft, projectId);
    const held = await start(weft, id, [{ edge: 'e2', condition: '{{message.output.v}} == hi Ada' }]);
    expect((await pausedRun(weft, held.runId)).paused?.edgeId).toBe('e2');
    // the source node's own name reads the message too
    expect(await weft.api('PUT', `/api/runs/${held.runId}/breakpoints`, { breakpoints: [{ edge: 'e2', condition: '{{variables_1.output.v}} like Ada' }] }))
      .toEqual({ runId: held.runId, breakpoints: [{ edge: 'e2', condition: '{{variables_1.output.v}} like Ada' }] });
    expect(await weft.api('POST', `/api/runs/${held.runId}/debug`, { action: 'continue' })).toEqual({ runId: held.runId, action: 'continue', status: 'running' });
    expect((await end(weft, held.runId)).at(-1)?.type).toBe('run.completed');

    const passed = await start(weft, id, [{ edge: 'e2', condition: '{{message.output.v}} == someone else' }]);
    const events = await end(weft, passed.runId);
    expect(events.at(-1)?.type).toBe('run.completed');
    expect(events.some((e) => e.type === 'run.paused')).toBe(false);
    expect((await weft.api<Snapshot>('GET', `/api/runs/${passed.runId}`)).nodes.apiResponse_1.output).toMatchObject({ echo: 'hi Ada' });
  });

  it('abort ends the paused run as cancelled', async () => {
    const id = await flow(weft, projectId);
    const { runId } = await start(weft, id, [{ edge: 'e1' }]);
    await pausedRun(weft, runId);
    expect(await weft.api('POST', `/api/runs/${runId}/debug`, { action: 'abort' })).toEqual({ runId, action: 'abort', status: 'cancelled' });
    expect((await end(weft, runId)).at(-1)).toMatchObject({ type: 'run.cancelled', reason: 'Aborted at a breakpoint' });
    const snapshot = await weft.api<Snapshot>('GET', `/api/runs/${runId}`);
    expect(snapshot).toMatchObject({ status: 'cancelled', error: 'Aborted at a breakpoint' });
    // the held message was never delivered: the node after the edge was never reached
    expect(snapshot.nodes.variables_1).toBeUndefined();
    expect(snapshot.paused).toBeUndefined();
  });

  it('refuses what it cannot take: 400 naming the field, 404, 409 not paused or a production run', async () => {
    const id = await flow(weft, projectId, true);
    const runs = `/api/flows/${id}/runs`;
    expect(await refused(weft, 'POST', runs, { breakpoints: {} })).toEqual([400, 'breakpoints: a list of {edge, condition?}']);
    expect(await refused(weft, 'POST', runs, { breakpoints: ['e1'] })).toEqual([400, 'breakpoints[0]: an object {edge, condition?}']);
    expect(await refused(weft, 'POST', runs, { breakpoints: [{}] })).toEqual([400, 'breakpoints[0].edge: an edge id is required']);
    expect(await refused(weft, 'POST', runs, { breakpoints: [{ edge: 'e1' }, { edge: 'e9' }] })).toEqual([400, "breakpoints[1].edge: no edge 'e9' in the flow"]);
    expect(await refused(weft, 'POST', runs, { breakpoints: [{ edge: 'e1' }, { edge: 'e1' }] })).toEqual([400, "breakpoints[1].edge: 'e1' has a breakpoint already"]);
    expect(await refused(weft, 'POST', runs, { breakpoints: [{ edge: 'e1', condition: 7 }] }))
      .toEqual([400, 'breakpoints[0].condition: an expression over the message, such as {{message.output.total}} > 100']);
    expect(await refused(weft, 'POST', runs, { breakpoints: [{ edge: 'e1', condition: 'total > 3' }] }))
      .toEqual([400, 'breakpoints[0].condition: an expression over the message, such as {{message.output.total}} > 100: it reads no template']);
    expect(await refused(weft, 'POST', runs, { breakpoints: [{ edge: 'e1', condition: '{{message.output.a}} and more' }] }))
      .toEqual([400, 'breakpoints[0].condition: an expression over the message, such as {{message.output.total}} > 100 (no operator: one template alone)']);

    const { runId } = await start(weft, id, [{ edge: 'e2' }]);
    await pausedRun(weft, runId);
    const debug = `/api/runs/${runId}/debug`;
    expect(await refused(weft, 'POST', debug, { action: 'jump' })).toEqual([400, "action: 'step', 'continue' or 'abort'"]);
    expect(await refused(weft, 'POST', debug, { action: 'abort', message: {} })).toEqual([400, 'message: only step and continue deliver a message']);
    expect(await refused(weft, 'PUT', `/api/runs/${runId}/breakpoints`, { breakpoints: [{ edge: 'nope' }] })).toEqual([400, "breakpoints[0].edge: no edge 'nope' in the flow"]);
    expect(await refused(weft, 'POST', '/api/runs/run_missing/debug', { action: 'step' })).toEqual([404, 'Run not found']);
    await weft.api('POST', debug, { action: 'continue' });
    await end(weft, runId);
    expect(await refused(weft, 'POST', debug, { action: 'step' })).toEqual([409, `Run ${runId} is completed, not running`]);

    // a production run never stops (the webhook takes no breakpoints) and takes none
    const call = await weft.request('POST', `/hook/${id}`, { name: 'Bo' }, { authorization: `Bearer ${key}` });
    expect(await call.json()).toEqual({ echo: 'hi Bo' });
    const production = call.headers.get('x-weft-run-id')!;
    expect(await refused(weft, 'PUT', `/api/runs/${production}/breakpoints`, { breakpoints: [{ edge: 'e2' }] }))
      .toEqual([409, `Run ${production} is a production run: breakpoints are for test runs only`]);
    expect(await refused(weft, 'POST', `/api/runs/${production}/debug`, { action: 'continue' }))
      .toEqual([409, `Run ${production} is a production run: breakpoints are for test runs only`]);
  });

  it('a re-run takes breakpoints as a test run does: it pauses on the edge after its start node; a production re-run refuses them', async () => {
    const id = await flow(weft, projectId);
    const { runId: source } = await start(weft, id, undefined);
    await end(weft, source);
    const started = await weft.request('POST', `/api/runs/${source}/rerun`, { fromNode: 'variables_1', inputs: { webhookTrigger_1: { name: 'Bo' } }, breakpoints: [{ edge: 'e2' }] });
    expect(started.status).toBe(202);
    const { runId } = (await started.json()) as { runId: string };
    const snapshot = await pausedRun(weft, runId);
    expect(snapshot).toMatchObject({ status: 'running', rerunOf: { runId: source, fromNode: 'variables_1' }, paused: { edgeId: 'e2', nodeId: 'apiResponse_1', message: { v: 'hi Bo' } } });
    expect(snapshot.nodes.apiResponse_1).toBeUndefined();
    expect(await weft.api('POST', `/api/runs/${runId}/debug`, { action: 'continue', message: { v: 'edited' } })).toMatchObject({ runId, action: 'continue' });
    expect((await end(weft, runId)).at(-1)?.type).toBe('run.completed');
    expect((await weft.api<Snapshot>('GET', `/api/runs/${runId}`)).nodes.apiResponse_1.output).toMatchObject({ echo: 'edited' });
    // without breakpoints a re-run does not stop
    const plain = await weft.api<{ runId: string }>('POST', `/api/runs/${source}/rerun`, { fromNode: 'variables_1' });
    expect((await end(weft, plain.runId)).at(-1)?.type).toBe('run.completed');

    const rerun = (body: Record<string, unknown>) => refused(weft, 'POST', `/api/runs/${source}/rerun`, { fromNode: 'variables_1', ...body });
    expect(await rerun({ mode: 'production', breakpoints: [{ edge: 'e2' }] })).toEqual([400, 'breakpoints: a production re-run takes none; breakpoints are for test runs only']);
    expect(await rerun({ breakpoints: [{ edge: 'e9' }] })).toEqual([400, "breakpoints[0].edge: no edge 'e9' in the flow"]);
    expect(await rerun({ breakpoints: {} })).toEqual([400, 'breakpoints: a list of {edge, condition?}']);
  });

  it('a paused run survives a restart of the server and its workers, then continues to the end', async () => {
    const id = await flow(weft, projectId);
    const { runId } = await start(weft, id, [{ edge: 'e2' }]);
    await pausedRun(weft, runId);
    await weft.restart();
    expect((await pausedRun(weft, runId)).paused).toMatchObject({ edgeId: 'e2', message: { v: 'hi Ada' } });
    await weft.api('POST', `/api/runs/${runId}/debug`, { action: 'continue', message: { v: 'after the restart' } });
    expect((await end(weft, runId)).at(-1)?.type).toBe('run.completed');
    expect((await weft.api<Snapshot>('GET', `/api/runs/${runId}`)).nodes.apiResponse_1.output).toMatchObject({ echo: 'after the restart' });
  });
});

describe('a pause that lasts too long', () => {
  let short: TestWeft;
  beforeAll(async () => {
    short = await startTestWeft({ pauseTimeoutMs: 500 });
  });
  afterAll(() => short?.close());

  it('ends the run as cancelled with the reason (WEFT_PAUSE_TIMEOUT, shortened)', async () => {
    const project = (await short.api<{ id: string }>('POST', '/api/projects', { name: 'Timeout' })).id;
    const id = await flow(short, project);
    const { runId } = await start(short, id, [{ edge: 'e2' }]);
    await pausedRun(short, runId);
    const events = await end(short, runId);
    expect(events.at(-1)).toMatchObject({ type: 'run.cancelled', reason: 'Paused at a breakpoint for 0.5 seconds' });
    expect(await short.api<Snapshot>('GET', `/api/runs/${runId}`)).toMatchObject({ status: 'cancelled', error: 'Paused at a breakpoint for 0.5 seconds' });
  });
});
