/**
 * A suite run survives what a run survives: its cases' runs call a loopback API that hangs.
 * - The worker process running them is SIGKILLed: the server's own worker takes the runs over
 *   and every case completes, each in its one run (the hanging call made again, in that run).
 * - The server stops mid-suite (one case still pending): the server started again takes the
 *   suite on, starts the pending case and awaits the others; each case is run once. A pending
 *   case whose draft was saved again meanwhile ends as an error instead of running another draft.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackApi, type LoopbackApi } from '../../../catalogue/testing/loopback-api.ts';
import type { RunEvent } from '../../../contract/run-events.ts';
import type { SuiteRun } from '../../../contract/flow-tests.ts';
import type { RunSummary } from '../../../contract/runs.ts';
import { DRAFT_CHANGED } from './suite-runner.ts';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

const at = { x: 0, y: 0 };
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
let weft: TestWeft | undefined;
let api: LoopbackApi | undefined;

afterEach(async () => {
  await weft?.close();
  await api?.close();
});

/** A flow that asks the loopback API about the trigger's name and answers the name; its cases, one per name. */
async function suiteFlow(names: string[]): Promise<string> {
  const projectId = (await weft!.api<{ id: string }>('POST', '/api/projects', { name: 'Suite crash' })).id;
  const nodes = [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} },
    { id: 'apiNode_1', type: 'apiNode', position: at, values: { url: `${api!.url}/about?name={{trigger.output.name}}`, method: 'GET' } },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'name', value: '{{trigger.output.name}}' }] } },
  ];
  const edges = [
    { id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'apiNode_1', targetHandle: 'in' },
    { id: 'e2', source: 'apiNode_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' },
  ];
  const flowId = (await weft!.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Asks', nodes, edges })).id;
  for (const name of names) await weft!.api('POST', `/api/flows/${flowId}/tests`, { name, input: { name }, checks: [{ kind: 'equals', expected: { name } }] });
  return flowId;
}

async function finished(flowId: string, suiteRunId: string): Promise<SuiteRun> {
  for (let i = 0; i < 600; i++) {
    const suite = await weft!.api<SuiteRun>('GET', `/api/flows/${flowId}/tests/runs/${suiteRunId}`);
    if (suite.status === 'completed') return suite;
    await sleep(100);
  }
  throw new Error('the suite did not finish');
}

const asked = (name: string) => api!.seen.filter((r) => r.url === `/about?name=${name}`).length;

/** Each case ran in one run, marked as the suite's, and each node of it completed once. */
async function eachCaseOnce(flowId: string, suite: SuiteRun): Promise<void> {
  const history = await weft!.api<RunSummary[]>('GET', `/api/flows/${flowId}/runs`);
  const marked = history.filter((r) => r.testCase?.suiteRunId === suite.id);
  expect(marked.map((r) => r.runId).sort()).toEqual(suite.cases.map((c) => c.runId).sort());
  for (const result of suite.cases) {
    const events = await readSse(`${weft!.url}/api/runs/${result.runId}/events`, { headers: weft!.headers });
    const typed = events as unknown as RunEvent[];
    for (const node of ['webhookTrigger_1', 'apiNode_1', 'apiResponse_1']) {
      expect(typed.filter((e) => e.type === 'node.completed' && e.nodeId === node), `${result.name}: ${node}`).toHaveLength(1);
    }
  }
}

/**
 * A suite of `names` started on a server whose API calls hang: once four cases run (the fifth
 * waits for a lane) and `meanwhile` has run, the server stops, the calls are answered, and the
 * server starts again.
 */
async function stoppedMidSuite(names: string[], meanwhile?: (flowId: string) => Promise<unknown>): Promise<{ flowId: string; suiteRunId: string }> {
  let release: () => void = () => {};
  const hanging = new Promise<void>((ok) => (release = ok));
  api = await startLoopbackApi(async () => {
    await hanging;
    return { body: { ok: true } };
  });
  weft = await startTestWeft({ outboundAllow: [api.hostPort] });
  const flowId = await suiteFlow(names);
  const { suiteRunId } = await weft.api<{ suiteRunId: string }>('POST', `/api/flows/${flowId}/tests/run`, {});
  while (api.seen.length < 4) await sleep(20);
  await meanwhile?.(flowId);
  const stopping = weft.stop();
  release();
  await stopping;
  expect(api.seen).toHaveLength(4);
  await weft.restart();
  return { flowId, suiteRunId };
}

describe('a suite run and a crash', () => {
  it('completes every case after the worker running them was SIGKILLed', async () => {
    let release: () => void = () => {};
    const hanging = new Promise<void>((ok) => (release = ok));
    api = await startLoopbackApi(async (request) => {
      if (request.url === '/about?name=Ada' && asked('Ada') === 1) await hanging;
      return { body: { ok: true } };
    });
    weft = await startTestWeft({ role: 'server', lockDurationMs: 2000, outboundAllow: [api.hostPort] });
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'testing', 'crash-weft-worker.ts')], {
      env: { ...process.env, WEFT_PREFIX: weft.prefix, WEFT_OUTBOUND_ALLOW: api.hostPort },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((ok) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && ok()));
      const flowId = await suiteFlow(['Ada', 'Grace', 'Lin']);
      const { suiteRunId } = await weft.api<{ suiteRunId: string }>('POST', `/api/flows/${flowId}/tests/run`, {});
      while (asked('Ada') === 0) await sleep(20);
      child.kill('SIGKILL');
      await new Promise((ok) => child.once('exit', ok));
      release();
      weft.engine.startWorker(4);

      const suite = await finished(flowId, suiteRunId);
      expect(suite).toMatchObject({ total: 3, passed: 3, failed: 0 });
      // the killed worker's call was made again by the worker that took the run over
      expect(asked('Ada')).toBe(2);
      await eachCaseOnce(flowId, suite);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 90_000);

  it('is taken on by the server started again after it stopped mid-suite, its pending case started then', async () => {
    const names = ['Ada', 'Grace', 'Lin', 'Mo', 'Noor'];
    const { flowId, suiteRunId } = await stoppedMidSuite(names);
    const suite = await finished(flowId, suiteRunId);
    expect(suite).toMatchObject({ total: 5, passed: 5, failed: 0 });
    for (const name of names) expect(asked(name), name).toBe(1);
    await eachCaseOnce(flowId, suite);
  }, 90_000);

  it('ends a pending case as an error when the draft changed while its suite was interrupted', async () => {
    // saved while Noor waits for a lane: a new draft revision the suite was not started on
    const { flowId, suiteRunId } = await stoppedMidSuite(['Ada', 'Grace', 'Lin', 'Mo', 'Noor'], (id) => weft!.api('PUT', `/api/flows/${id}`, { name: 'Asks, edited' }));
    const suite = await finished(flowId, suiteRunId);
    expect(suite).toMatchObject({ total: 5, passed: 4, failed: 1 });
    expect(suite.cases.find((c) => c.name === 'Noor')).toMatchObject({ status: 'error', error: DRAFT_CHANGED });
    expect(asked('Noor')).toBe(0);
  }, 90_000);
});
