/**
 * Production runs the deployed version, never the draft (issue 15), through the whole server:
 * saving an active flow's draft changes nothing production answers until the next deploy;
 * `/hook/:flowId@:version` and GraphQL `version` call a given version; every run records the
 * version it ran (run list, log records); a run in flight finishes on the version it started
 * with; Execute Flow in a production run calls the deployed version of its child flow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import type { LogPage } from '../../../contract/logs.ts';
import type { RunSummary } from '../../../contract/runs.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let projectId = '';
let key = '';

const node = (id: string, type: string, values: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, values });
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
const trigger = node('webhookTrigger_1', 'webhookTriggerNode');
const response = (text: string) => node('apiResponse_1', 'apiResponseNode', { outputMapping: [{ key: 'said', value: text }] });
/** trigger → response answering `{said: text}` */
const answering = (text: string) => ({ nodes: [trigger, response(text)], edges: [edge('e1', 'webhookTrigger_1', 'apiResponse_1')] });

async function deployedFlow(name: string, graph: { nodes: unknown[]; edges: unknown[] }): Promise<string> {
  const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name, ...graph });
  await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
  return flow.id;
}

const hook = (path: string, body: unknown = {}) => weft.request('POST', `/hook/${path}`, body, { authorization: `Bearer ${key}` });
const runsOf = (flowId: string) => weft.api<RunSummary[]>('GET', `/api/flows/${flowId}/runs`);

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string; code: string } }).error;
}

beforeAll(async () => {
  weft = await startTestWeft();
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Production' })).id;
  key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'calls' })).key;
});
afterAll(() => weft?.close());

describe('production runs the deployed version', () => {
  it('keeps answering from the deployed version after the draft of an active flow is saved broken (the bug of issue 15)', async () => {
    const flowId = await deployedFlow('Live', answering('deployed {{trigger.output.n}}'));
    const broken = {
      nodes: [trigger, node('api_1', 'apiNode', {}), response('broken')],
      edges: [edge('e1', 'webhookTrigger_1', 'api_1'), edge('e2', 'api_1', 'apiResponse_1')],
    };
    const saved = await weft.api<CheckedFlow>('PUT', `/api/flows/${flowId}`, broken);
    expect(saved).toMatchObject({ status: 'active', deployedVersion: 1, warnings: ['api_1: URL is required'] });
    const answer = await hook(flowId, { n: 5 });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ said: 'deployed 5' });
    // A draft with a structural problem is saved too, and production still answers.
    await weft.api('PUT', `/api/flows/${flowId}`, { nodes: [response('no trigger')], edges: [] });
    expect(await (await hook(flowId, { n: 6 })).json()).toEqual({ said: 'deployed 6' });
    // Test runs run the draft: this one is refused, naming its problem.
    const test = await weft.request('POST', `/api/flows/${flowId}/runs`, { input: {} });
    expect(test.status).toBe(400);
    expect((await errorOf(test)).message).toBe('The flow cannot run: No trigger node found!');
  });

  it('runs a saved draft in test runs only, until it is deployed; an old version stays callable by number', async () => {
    const flowId = await deployedFlow('Evolving', answering('one'));
    await weft.api('PUT', `/api/flows/${flowId}`, answering('two'));
    expect(await (await hook(flowId)).json()).toEqual({ said: 'one' });
    const { runId } = await weft.api<{ runId: string }>('POST', `/api/flows/${flowId}/runs`, { input: {} });
    await weft.engine.awaitResult(runId, flowId, [], 5000);
    expect((await weft.api<{ nodes: Record<string, { output: unknown }> }>('GET', `/api/runs/${runId}`)).nodes.apiResponse_1.output).toEqual({ said: 'two' });

    await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
    expect(await (await hook(flowId)).json()).toEqual({ said: 'two' });
    expect(await (await hook(`${flowId}@1`)).json()).toEqual({ said: 'one' });
    expect(await (await hook(`${flowId}@2`)).json()).toEqual({ said: 'two' });

    const unknown = await hook(`${flowId}@9`);
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toEqual({ code: 'not_found', message: `Flow ${flowId} has no version 9 (its versions are 1 to 2)` });
    const word = await hook(`${flowId}@new`);
    expect(word.status).toBe(400);
    expect((await errorOf(word)).message).toBe("A version is a whole number of 1 or more, not 'new'");
    // An unknown version tells a caller without a key nothing.
    expect((await weft.request('POST', `/hook/${flowId}@9`, {})).status).toBe(401);

    // Each run records the version it ran; the test run none.
    const runs = await runsOf(flowId);
    expect(runs.map((r) => [r.mode, r.deployedVersion])).toEqual([
      ['production', 2], ['production', 1], ['production', 2], ['test', undefined], ['production', 1],
    ]);
    // So does each log record; the call refused before a version was found (no key) none.
    const logs = await logsOf(flowId, 5);
    expect(logs.items.map((record) => [record.request.path.replace(flowId, 'F'), record.responseStatus, record.deployedVersion])).toEqual([
      ['/hook/F@9', 401, undefined], ['/hook/F@2', 200, 2], ['/hook/F@1', 200, 1], ['/hook/F', 200, 2], ['/hook/F', 200, 1],
    ]);

    // Stopped: no version answers.
    await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'inactive' });
    const stopped = await hook(`${flowId}@1`);
    expect(stopped.status).toBe(404);
    expect((await errorOf(stopped)).message).toBe('Workflow not found');
  });

  it('lets a run in flight finish on the version it started with', async () => {
    const slow = {
      nodes: [trigger, node('wait_1', 'waitNode', { seconds: 2 }), response('v1')],
      edges: [edge('e1', 'webhookTrigger_1', 'wait_1'), edge('e2', 'wait_1', 'apiResponse_1')],
    };
    const flowId = await deployedFlow('Slow', slow);
    const first = hook(flowId);
    for (let i = 0; i < 100 && (await runsOf(flowId)).length === 0; i++) await new Promise((ok) => setTimeout(ok, 20));
    await weft.api('PUT', `/api/flows/${flowId}`, answering('v2'));
    expect(await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' })).toMatchObject({ deployedVersion: 2 });
    expect(await (await hook(flowId)).json()).toEqual({ said: 'v2' });
    const late = await first;
    expect(await late.json()).toEqual({ said: 'v1' });
    const meta = await weft.engine.meta(late.headers.get('x-weft-run-id')!);
    expect(meta).toMatchObject({ mode: 'production', deployedVersion: 1, status: 'completed' });
  });

  it('runs the deployed version of a flow Execute Flow calls in production, its draft in test runs', async () => {
    const childId = await deployedFlow('Child', answering('child deployed'));
    await weft.api('PUT', `/api/flows/${childId}`, answering('child draft'));
    const parentId = await deployedFlow('Parent', {
      nodes: [trigger, node('executeFlow_1', 'executeFlowNode', { flowId: childId, requestInput: '{}' }), response('{{executeFlow_1.output.flowOutput.said}}')],
      edges: [edge('e1', 'webhookTrigger_1', 'executeFlow_1'), edge('e2', 'executeFlow_1', 'apiResponse_1')],
    });
    expect(await (await hook(parentId)).json()).toEqual({ said: 'child deployed' });
    const { runId } = await weft.api<{ runId: string }>('POST', `/api/flows/${parentId}/runs`, { input: {} });
    await weft.engine.awaitResult(runId, parentId, [], 5000);
    expect((await weft.api<{ nodes: Record<string, { output: unknown }> }>('GET', `/api/runs/${runId}`)).nodes.apiResponse_1.output).toEqual({ said: 'child draft' });
  });
});

describe('GraphQL calls a given version', () => {
  const graphqlFlow = (text: string) => ({
    nodes: [node('graphqlTrigger_1', 'graphqlTriggerNode', { advance_schema: '{"type": "object", "properties": {"n": {"type": "integer"}}}' }), node('graphqlResponse_1', 'graphqlResponseNode', { outputMapping: [{ key: 'said', value: text }] })],
    edges: [edge('e1', 'graphqlTrigger_1', 'graphqlResponse_1')],
  });
  const graphql = async (query: string) => {
    const answer = await fetch(`${weft.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'x-project-id': projectId },
      body: JSON.stringify({ query }),
    });
    return (await answer.json()) as { data?: Record<string, { result: unknown } | null>; errors?: { message: string }[] };
  };

  it('takes version: Int on executeWorkflow and on the flow’s own field; the schema follows deploys, not drafts', async () => {
    const flowId = await deployedFlow('Versioned answer', graphqlFlow('first'));
    await weft.api('PUT', `/api/flows/${flowId}`, { name: 'Renamed draft', ...graphqlFlow('draft') });
    const run = (args: string) => graphql(`{ executeWorkflow(workflowId: "${flowId}", payload: {}${args}) { result } }`);
    expect((await run('')).data?.executeWorkflow?.result).toEqual({ said: 'first' });
    expect((await graphql('{ versionedAnswer { result } }')).data?.versionedAnswer?.result).toEqual({ said: 'first' });

    await weft.api('PUT', `/api/flows/${flowId}`, { name: 'Versioned answer', ...graphqlFlow('second') });
    await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
    expect((await run('')).data?.executeWorkflow?.result).toEqual({ said: 'second' });
    expect((await run(', version: 1')).data?.executeWorkflow?.result).toEqual({ said: 'first' });
    expect((await graphql('{ versionedAnswer(version: 1) { result } }')).data?.versionedAnswer?.result).toEqual({ said: 'first' });
    expect((await run(', version: 5')).errors?.[0].message).toBe(`Flow ${flowId} has no version 5 (its versions are 1 to 2)`);
    expect((await run(', version: 0')).errors?.[0].message).toBe('A version is a whole number of 1 or more, not 0');
    const records = await logsOf(flowId, 5);
    expect(records.items.map((r) => r.deployedVersion)).toEqual([1, 1, 2, 1, 1]);
  });
});

/** The flow's log records once `count` are there (written when their runs end). */
async function logsOf(flowId: string, count: number): Promise<LogPage> {
  for (let i = 0; i < 200; i++) {
    const page = await weft.api<LogPage>('GET', `/api/projects/${projectId}/logs?flowId=${flowId}`);
    if (page.items.length >= count) return page;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`fewer than ${count} log records`);
}
