/**
 * Flow tests through the whole server: cases made by hand and from a past run, a malformed case
 * refused naming the case and the field, a suite run whose cases run as test runs the run list
 * marks, each check's result with its diff, pass rates, and a model-judged check asked of the
 * loopback OpenAI server (the rubric it receives asserted, the model and cost recorded).
 */
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SuiteComparison, SuiteRun, SuiteScores, TestCase } from '../../../contract/flow-tests.ts';
import type { RunSummary } from '../../../contract/runs.ts';
import { JUDGE_INSTRUCTIONS } from '../../services/flow-tests/checks/judged.ts';
import { chatCompletion, startOpenAILoopback, type OpenAILoopback } from '../../services/models/testing/openai-loopback.ts';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let loopback: OpenAILoopback;
let flowId = '';
const at = { x: 0, y: 0 };
const model = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'llm' };

async function finished(suiteRunId: string): Promise<SuiteRun> {
  for (let i = 0; i < 300; i++) {
    const suite = await weft.api<SuiteRun>('GET', `/api/flows/${flowId}/tests/runs/${suiteRunId}`);
    if (suite.status === 'completed') return suite;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error('the suite did not finish');
}

beforeAll(async () => {
  loopback = await startOpenAILoopback();
  weft = await startTestWeft({ outboundAllow: [loopback.host] });
  const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Tests' })).id;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'llm', credential_type: 'modelProvider', credentials: { apiKey: 'sk-judge', baseUrl: loopback.baseUrl } });
  const nodes = [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'greeting', value: 'Hello {{trigger.output.name}}' }, { key: 'name', value: '{{trigger.output.name}}' }] } },
  ];
  const edges = [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' }];
  flowId = (await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Greeter', nodes, edges })).id;
});
afterAll(async () => {
  await weft?.close();
  await loopback?.close();
});

describe('flow tests', () => {
  it('refuses a malformed case naming the case and the field', async () => {
    const answer = await weft.request('POST', `/api/flows/${flowId}/tests`, { name: 'broken', input: {}, checks: [{ kind: 'regex', pattern: '[' }] });
    expect(answer.status).toBe(400);
    const { error } = (await answer.json()) as { error: { message: string } };
    expect(error.message).toMatch(/^Test case 'broken': checks\[0\]\.pattern is not a regular expression/);
  });

  it('makes a case from a past run, runs the suite, and reports each check', async () => {
    const { runId } = await weft.api<{ runId: string }>('POST', `/api/flows/${flowId}/runs`, { input: { name: 'Ada' } });
    await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
    const fromRun = await weft.api<TestCase>('POST', `/api/flows/${flowId}/tests/from-run/${runId}`, { name: 'Ada' });
    expect(fromRun).toMatchObject({ name: 'Ada', input: { name: 'Ada' }, fromRun: runId, checks: [{ kind: 'equals', expected: { greeting: 'Hello Ada', name: 'Ada' } }] });

    await weft.api('POST', `/api/flows/${flowId}/tests`, {
      name: 'Grace',
      input: { name: 'Grace' },
      checks: [
        { kind: 'equals', expected: { greeting: 'Hello Grace', name: 'Ada' } },
        { kind: 'regex', path: 'greeting', pattern: '^Hello ' },
        { kind: 'judged', name: 'greets by name', rubric: 'The answer greets the person by name.', model },
      ],
    });
    loopback.handle(() => ({ json: chatCompletion('gpt-4o-mini', '{"pass": true, "score": 0.75, "reason": "It greets Grace."}', { promptTokens: 40, completionTokens: 8 }) }));

    const { suiteRunId } = await weft.api<{ suiteRunId: string }>('POST', `/api/flows/${flowId}/tests/run`, {});
    const events = await readSse(`${weft.url}/api/flows/${flowId}/tests/runs/${suiteRunId}/events`, { headers: weft.headers });
    expect(events.map((e) => e.type)).toEqual(['suite.case', 'suite.case', 'suite.completed']);
    const suite = await finished(suiteRunId);
    expect(suite).toMatchObject({ total: 2, passed: 1, failed: 1, judgedScore: 0.75 });
    expect(suite.passRates).toEqual({ equals: { passed: 1, total: 2, rate: 0.5 }, regex: { passed: 1, total: 1, rate: 1 }, judged: { passed: 1, total: 1, rate: 1 } });
    // each check by its label (its name, else kind and path) across the cases; the judged one with the judge's score
    expect(suite.checkRates).toEqual([
      { label: 'equals', kind: 'equals', passed: 1, total: 2, rate: 0.5 },
      { label: 'regex at greeting', kind: 'regex', passed: 1, total: 1, rate: 1 },
      { label: 'greets by name', kind: 'judged', passed: 1, total: 1, rate: 1, score: 0.75 },
    ]);
    const grace = suite.cases.find((c) => c.name === 'Grace')!;
    expect(grace.status).toBe('failed');
    expect(grace.checks[0]).toMatchObject({ passed: false, diff: [{ path: 'name', expected: 'Ada', actual: 'Grace' }] });
    expect(grace.checks[2]).toMatchObject({ passed: true, label: 'greets by name', message: 'It greets Grace.', judge: { model: 'gpt-4o-mini', reason: 'It greets Grace.', score: 0.75 } });
    expect(grace.checks[2].judge!.cost).toBeGreaterThanOrEqual(0);

    const asked = loopback.requests.find((r) => r.path.endsWith('/chat/completions'))!;
    expect(asked.body.messages).toEqual([
      { role: 'system', content: JUDGE_INSTRUCTIONS },
      { role: 'user', content: `Rubric:\nThe answer greets the person by name.\n\nAnswer:\n${JSON.stringify({ greeting: 'Hello Grace', name: 'Grace' }, null, 2)}` },
    ]);

    // one case alone; a case id that is not the flow's is a 400 naming the field
    const one = await finished((await weft.api<{ suiteRunId: string }>('POST', `/api/flows/${flowId}/tests/run`, { caseIds: [grace.caseId] })).suiteRunId);
    expect(one.cases.map((c) => [c.name, c.status])).toEqual([['Grace', 'failed']]);
    const unknown = await weft.request('POST', `/api/flows/${flowId}/tests/run`, { caseIds: ['case_nope'] });
    expect([unknown.status, ((await unknown.json()) as { error: { message: string } }).error.message]).toEqual([400, 'caseIds[0] names no test case of the flow: case_nope']);

    const history = await weft.api<RunSummary[]>('GET', `/api/flows/${flowId}/runs`);
    const marked = history.filter((r) => r.testCase?.suiteRunId === suiteRunId);
    expect(marked.map((r) => r.testCase!.name).sort()).toEqual(['Ada', 'Grace']);
    expect(history.filter((r) => r.testCase?.suiteRunId === one.id).map((r) => r.testCase!.name)).toEqual(['Grace']);
    expect(history.find((r) => r.runId === runId)?.testCase).toBeUndefined();
  });

  it('gates a deploy: refused naming the failing case, allowed for an owner with a note the version records; a rollback runs no tests', async () => {
    expect(await weft.api('PUT', `/api/flows/${flowId}/tests/settings`, { requiredForDeploy: true })).toEqual({ requiredForDeploy: true });
    const refused = await weft.request('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
    expect(refused.status).toBe(409);
    const { error } = (await refused.json()) as { error: { code: string; message: string; failing: string[] } };
    expect(error).toMatchObject({ code: 'tests_failed', failing: ['Grace'] });
    expect(error.message).toBe("The flow's tests must pass before a deploy, and this case fails: 'Grace'. An owner may deploy anyway with a note (testsOverride).");
    expect(await weft.api('GET', `/api/flows/${flowId}/versions`)).toEqual([]);

    const badNote = await weft.request('POST', `/api/flows/${flowId}/deploy`, { status: 'active', testsOverride: '' });
    expect(badNote.status).toBe(400);
    await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active', testsOverride: 'Grace expects the old name' });
    const [version] = await weft.api<{ version: number; testsOverride?: { note: string; failing: string[] } }[]>('GET', `/api/flows/${flowId}/versions`);
    expect(version).toMatchObject({ version: 1, testsOverride: { note: 'Grace expects the old name', failing: ['Grace'] } });

    const suitesBefore = (await weft.api<SuiteRun[]>('GET', `/api/flows/${flowId}/tests/runs`)).length;
    await weft.api('POST', `/api/flows/${flowId}/versions/1/rollback`, {});
    expect((await weft.api<SuiteRun[]>('GET', `/api/flows/${flowId}/tests/runs`)).length).toBe(suitesBefore);
  });

  it('makes cases from a dataset, refuses one too large or with a faulty row, and compares two versions', async () => {
    const csv = 'name,input.name,expected.greeting\nLin,Lin,Hello Lin\nMo,Mo,Hello Mo\n';
    const made = await weft.api<TestCase[]>('POST', `/api/flows/${flowId}/tests/dataset`, { format: 'csv', text: csv });
    expect(made.map((c) => [c.name, c.input, c.checks])).toEqual([
      ['Lin', { name: 'Lin' }, [{ kind: 'equals', path: 'greeting', expected: 'Hello Lin' }]],
      ['Mo', { name: 'Mo' }, [{ kind: 'equals', path: 'greeting', expected: 'Hello Mo' }]],
    ]);
    const big = await weft.request('POST', `/api/flows/${flowId}/tests/dataset`, { format: 'jsonl', text: `${JSON.stringify({ input: { pad: 'x'.repeat(1024 * 1024) } })}\n` });
    expect(big.status).toBe(413);
    const faulty = await weft.request('POST', `/api/flows/${flowId}/tests/dataset`, { format: 'jsonl', text: '{"name": "ok", "input": {}, "expected": 1}\n{"input": {}, "checks": [{"kind": "range"}]}\n' });
    expect(faulty.status).toBe(400);
    expect(((await faulty.json()) as { error: { message: string } }).error.message).toBe("Dataset row 2 (test case 'Row 2'): checks[0].min or max is needed");
    expect((await weft.api<TestCase[]>('GET', `/api/flows/${flowId}/tests`)).length).toBe(4);

    // the draft now answers 'Ada' as the name whoever asks: Grace's case gets better
    const flow = await weft.api<{ nodes: { id: string; values: Record<string, unknown> }[] }>('GET', `/api/flows/${flowId}`);
    const nodes = flow.nodes.map((n) => (n.id === 'apiResponse_1' ? { ...n, values: { outputMapping: [{ key: 'greeting', value: 'Hello {{trigger.output.name}}' }, { key: 'name', value: 'Ada' }] } } : n));
    await weft.api('PUT', `/api/flows/${flowId}`, { nodes });
    await finished((await weft.api<{ suiteRunId: string }>('POST', `/api/flows/${flowId}/tests/run`, { version: 1 })).suiteRunId);
    await finished((await weft.api<{ suiteRunId: string }>('POST', `/api/flows/${flowId}/tests/run`, {})).suiteRunId);
    const comparison = await weft.api<SuiteComparison>('GET', `/api/flows/${flowId}/tests/compare?base=1&head=draft`);
    expect(comparison.base).toMatchObject({ version: 1, passed: 3, total: 4 });
    expect(comparison.head).toMatchObject({ passed: 4, total: 4 });
    expect(comparison.cases.map((c) => [c.name, c.change])).toEqual([['Ada', 'same'], ['Grace', 'better'], ['Lin', 'same'], ['Mo', 'same']]);
    // per check of a case, and per check label across the cases
    expect(comparison.cases.find((c) => c.name === 'Grace')!.checks).toEqual([
      { label: 'equals', base: false, head: true, change: 'better' },
      { label: 'regex at greeting', base: true, head: true, change: 'same' },
      { label: 'greets by name', base: true, head: true, change: 'same' },
    ]);
    const equalsRate = comparison.checkRates.find((r) => r.label === 'equals')!;
    expect([equalsRate.base?.rate, equalsRate.head?.rate, equalsRate.change]).toEqual([0.5, 1, 'better']);
    // each version's newest completed suite: the draft first, then version 1
    const scores = await weft.api<SuiteScores[]>('GET', `/api/flows/${flowId}/tests/scores`);
    expect(scores.map((s) => [s.version ?? 'draft', s.passed, s.total, s.judgedScore])).toEqual([['draft', 4, 4, 0.75], [1, 3, 4, 0.75]]);
    expect((await weft.request('GET', `/api/flows/${flowId}/tests/compare?base=7&head=draft`)).status).toBe(404);

    // a deleted flow takes its cases and suite runs with it
    await weft.api('DELETE', `/api/flows/${flowId}`);
    const redis = new Redis(process.env.REDIS_URL!);
    expect(await redis.keys(`${weft.prefix}{tests:${flowId}}:*`)).toEqual([]);
    redis.disconnect();
  });
});
