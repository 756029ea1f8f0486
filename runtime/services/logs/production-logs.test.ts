/**
 * Through the whole server: production calls leave one log record each (success, 4xx, 5xx,
 * realtime and async), the logs API filters and pages them, usage counts only production calls,
 * and records go to a loopback log publisher, whose failures never fail a call.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import type { LogRecord } from '../../../contract/logs.ts';

let weft: TestWeft;
let publisher: Server;
let publisherFails = false;
const published: { authorization?: string; body: { credential_type: string; payload: LogRecord } }[] = [];

const trigger = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: { public: true } };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
const variables = { id: 'variables_1', type: 'variablesNode', position: { x: 0, y: 0 }, values: { mapping: [{ key: 'v', type: 'string', value: 'hi {{trigger.output.name}}' }] } };
const response = { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 0, y: 0 }, values: { outputMapping: [{ key: 'out', value: '{{code_1.output}}' }] } };
const code = (source: string) => ({ id: 'code_1', type: 'codeNode', position: { x: 0, y: 0 }, values: { code: source } });
const withMeta = "return { answer: 42, _meta: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20, total_cost: 0.25, model_name: 'gpt-test' } }";

async function project(name: string): Promise<string> {
  return (await weft.api<{ id: string }>('POST', '/api/projects', { name })).id;
}

async function flow(projectId: string, name: string, nodes: unknown[], edges: unknown[]): Promise<string> {
  const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name, nodes, edges });
  await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}

const hook = (flowId: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  weft.request('POST', `/hook/${flowId}`, body, headers);

interface Page {
  items: LogRecord[];
  nextCursor: string | null;
}

/** The project's logs once `count` records are there (records are written when runs end). */
async function logsOf(projectId: string, count: number, query = ''): Promise<Page> {
  for (let i = 0; i < 200; i++) {
    const page = await weft.api<Page>('GET', `/api/projects/${projectId}/logs${query}`);
    if (page.items.length >= count) return page;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`fewer than ${count} log records`);
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  publisher = createServer((request, answer) => {
    void readBody(request).then((text) => {
      if (request.method === 'POST' && request.url === '/ingest/logs') {
        published.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
      }
      answer.statusCode = publisherFails ? 503 : 200;
      answer.end('{}');
    });
  });
  await new Promise<void>((ok) => publisher.listen(0, '127.0.0.1', ok));
  const publisherUrl = `http://127.0.0.1:${(publisher.address() as AddressInfo).port}/ingest/`;
  // 150 requests over 30 days: a daily cap of 5
  weft = await startTestWeft({ starterLimits: { requests: 150, records: 10 }, logPublisher: { url: publisherUrl, key: 'publisher-key' } });
});

afterAll(async () => {
  await weft?.close();
  await new Promise((ok) => publisher.close(ok));
});

describe('a production log record', () => {
  let projectId = '';
  beforeAll(async () => {
    projectId = await project('Logged');
  });

  it('is written for a realtime success, with the fields of spec 002 and no secrets', async () => {
    const flowId = await flow(projectId, 'Greeter', [trigger, variables, code(withMeta), response], [
      edge('e1', 'webhookTrigger_1', 'variables_1'), edge('e2', 'variables_1', 'code_1'), edge('e3', 'code_1', 'apiResponse_1'),
    ]);
    const answer = await hook(flowId, { name: 'Ada', password: 'hunter2-secret' }, { authorization: 'Bearer sk-never-logged' });
    expect(answer.status).toBe(200);
    const runId = answer.headers.get('x-weft-run-id');
    const [record] = (await logsOf(projectId, 1, `?flowId=${flowId}`)).items;
    expect(record).toMatchObject({
      severity: 'INFO',
      projectId,
      flowId,
      flowName: 'Greeter',
      runId,
      trigger: 'webhook',
      executionType: 'realtime',
      environment: 'production',
      request: { method: 'POST', path: `/hook/${flowId}`, body: { name: 'Ada', password: '••••' } },
      responseStatus: 200,
      runStatus: 'completed',
      nodeIds: ['webhookTrigger_1', 'variables_1', 'code_1', 'apiResponse_1'],
      tokenUsage: { promptTokens: 12, completionTokens: 8, totalTokens: 20 },
      cost: 0.25,
      models: ['gpt-test'],
    });
    expect(record.id).toMatch(/^log_/);
    expect(record.durationMs).toBeGreaterThanOrEqual(0);
    expect(record.durationMs).toBeLessThan(30_000);
    const text = JSON.stringify(record);
    expect(text).not.toContain('sk-never-logged');
    expect(text).not.toContain('hunter2-secret');
  });

  it('is a WARN for a run that fails by the flow’s fault (422), naming the error, its kind and the node', async () => {
    const flowId = await flow(projectId, 'Breaks', [trigger, code("throw new Error('nope')"), response], [
      edge('e1', 'webhookTrigger_1', 'code_1'), edge('e2', 'code_1', 'apiResponse_1'),
    ]);
    expect((await hook(flowId)).status).toBe(422);
    const [record] = (await logsOf(projectId, 1, `?flowId=${flowId}`)).items;
    expect(record).toMatchObject({
      severity: 'WARN',
      responseStatus: 422,
      runStatus: 'failed',
      executionType: 'realtime',
      nodeIds: ['webhookTrigger_1', 'code_1'],
      errorKind: 'user',
      failedNode: 'code_1',
    });
    expect(record.error).toContain('nope');
  });

  it('follows an async call (202) to its run end: the run outcome is the status', async () => {
    const ok = await flow(projectId, 'Async ok', [trigger, code(withMeta)], [edge('e1', 'webhookTrigger_1', 'code_1')]);
    const bad = await flow(projectId, 'Async bad', [trigger, code("throw new Error('later')")], [edge('e1', 'webhookTrigger_1', 'code_1')]);
    expect((await hook(ok)).status).toBe(202);
    expect((await hook(bad)).status).toBe(202);
    const [good] = (await logsOf(projectId, 1, `?flowId=${ok}`)).items;
    expect(good).toMatchObject({ executionType: 'async', responseStatus: 200, severity: 'INFO', runStatus: 'completed', tokenUsage: { totalTokens: 20 }, cost: 0.25 });
    const [failed] = (await logsOf(projectId, 1, `?flowId=${bad}`)).items;
    expect(failed).toMatchObject({ executionType: 'async', responseStatus: 422, severity: 'WARN', runStatus: 'failed', errorKind: 'user', failedNode: 'code_1' });
  });

  it('is not written for test runs from the studio', async () => {
    const flowId = await flow(projectId, 'Studio only', [trigger, code('return 1')], [edge('e1', 'webhookTrigger_1', 'code_1')]);
    const { runId } = await weft.api<{ runId: string }>('POST', `/api/flows/${flowId}/runs`, { input: {} });
    await weft.engine.awaitResult(runId, flowId, [], 10_000);
    await new Promise((ok) => setTimeout(ok, 200));
    expect((await weft.api<Page>('GET', `/api/projects/${projectId}/logs?flowId=${flowId}`)).items).toEqual([]);
  });

  it('goes to the log publisher with its bearer key', async () => {
    const sent = published.filter((p) => p.body.payload.projectId === projectId);
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(sent.every((p) => p.authorization === 'Bearer publisher-key' && p.body.credential_type === 'big-query')).toBe(true);
    expect(sent.map((p) => p.body.payload.flowName)).toContain('Greeter');
  });
});

describe('plan limits on production calls', () => {
  it('lets the call that reaches the daily cap pass, refuses the next with the spec text (a WARN record), and never counts test runs', async () => {
    const projectId = await project('Limited');
    const flowId = await flow(projectId, 'Counted', [trigger, code('return 1')], [edge('e1', 'webhookTrigger_1', 'code_1')]);
    for (let i = 0; i < 3; i++) await weft.api('POST', `/api/flows/${flowId}/runs`, { input: {} });
    for (let i = 0; i < 5; i++) expect((await hook(flowId)).status).toBe(202);
    const refused = await hook(flowId);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: { message: 'Project exceeded max requests, max requests: 5, current requests: 5. Please upgrade your plan.', code: 'max_requests' },
    });
    const usage = await weft.api<Record<string, unknown>>('GET', `/api/projects/${projectId}/usage`);
    expect(usage).toEqual({
      plan: 'starter',
      allowedLimits: { requests: 150, requestsPerDay: 5, records: 10 },
      usage: { requestsForLast30Days: 5, requestsPerDay: 5, todaysDate: new Date().toISOString().slice(0, 10), totalObjectCount: 0 },
    });
    const warnings = (await logsOf(projectId, 1, '?severity=warn')).items;
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ runId: null, responseStatus: 429, severity: 'WARN', flowName: 'Counted' });
    expect(warnings[0].error).toContain('Project exceeded max requests');
    expect((await logsOf(projectId, 6)).items).toHaveLength(6);
  });

  it('lets exactly the daily cap through when production calls arrive at once', async () => {
    const projectId = await project('Rushed');
    const flowId = await flow(projectId, 'Rushed', [trigger, code('return 1')], [edge('e1', 'webhookTrigger_1', 'code_1')]);
    const statuses = await Promise.all(Array.from({ length: 12 }, () => hook(flowId).then((r) => r.status)));
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const usage = await weft.api<{ usage: { requestsPerDay: number } }>('GET', `/api/projects/${projectId}/usage`);
    expect(usage.usage.requestsPerDay).toBe(5);
  });

  it('counts records through the usage API nodes use: added minus duplicates deleted', async () => {
    const projectId = await project('Records');
    expect(await weft.usage.addRecords(projectId, 8, 2)).toBe(6);
    await expect(weft.usage.addRecords(projectId, 5)).rejects.toThrow(
      'Project exceeded max records, max records: 10, current records: 6. Please upgrade your plan or delete some records.',
    );
    const usage = await weft.api<{ usage: { totalObjectCount: number } }>('GET', `/api/projects/${projectId}/usage`);
    expect(usage.usage.totalObjectCount).toBe(6);
  });

  it("keeps a project's usage and logs to its organisation: 404 for another's members, 401 without a session", async () => {
    const projectId = await project('Private');
    const stranger = await weft.createUser({ name: 'Stranger', organisationName: 'Elsewhere' });
    for (const path of [`/api/projects/${projectId}/usage`, `/api/projects/${projectId}/logs`]) {
      const theirs = await stranger.request('GET', path);
      expect(theirs.status).toBe(404);
      expect(await theirs.json()).toEqual({ error: { message: 'Project not found', code: 'not_found' } });
      const nobody = await weft.anonymous.request('GET', path);
      expect(nobody.status).toBe(401);
      expect(((await nobody.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
      expect((await weft.request('GET', path)).status).toBe(200);
    }
  });

  it('answers 404 for the usage and logs of a project that does not exist', async () => {
    for (const path of ['/api/projects/proj_nope/usage', '/api/projects/proj_nope/logs']) {
      const answer = await weft.request('GET', path);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: { message: 'Project not found', code: 'not_found' } });
    }
  });
});

describe('GET /api/projects/:projectId/logs', () => {
  let projectId = '';
  let flowA = '';
  let flowB = '';
  beforeAll(async () => {
    projectId = await project('Paged');
    flowA = await flow(projectId, 'A', [trigger, code('return 1')], [edge('e1', 'webhookTrigger_1', 'code_1')]);
    flowB = await flow(projectId, 'B', [trigger, code("throw new Error('b')"), response], [edge('e1', 'webhookTrigger_1', 'code_1'), edge('e2', 'code_1', 'apiResponse_1')]);
    for (const id of [flowA, flowB, flowA, flowB, flowA]) await hook(id);
    await logsOf(projectId, 5);
  });

  it('filters by flow and severity and pages newest first with a cursor', async () => {
    const first = await weft.api<Page>('GET', `/api/projects/${projectId}/logs?limit=2`);
    expect(first.items).toHaveLength(2);
    const second = await weft.api<Page>('GET', `/api/projects/${projectId}/logs?limit=2&cursor=${first.nextCursor}`);
    const third = await weft.api<Page>('GET', `/api/projects/${projectId}/logs?limit=2&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    const all = [...first.items, ...second.items, ...third.items];
    expect(all).toHaveLength(5);
    expect(new Set(all.map((r) => r.id)).size).toBe(5);
    expect(all.map((r) => r.timestamp)).toEqual([...all.map((r) => r.timestamp)].sort((a, b) => b - a));
    const warnings = await weft.api<Page>('GET', `/api/projects/${projectId}/logs?severity=WARN`);
    expect(warnings.items.map((r) => r.flowId)).toEqual([flowB, flowB]);
    const a = await weft.api<Page>('GET', `/api/projects/${projectId}/logs?flowId=${flowA}&severity=INFO`);
    expect(a.items).toHaveLength(3);
    const newest = all[0].timestamp;
    const later = await weft.api<Page>('GET', `/api/projects/${projectId}/logs?from=${new Date(newest + 1).toISOString()}`);
    expect(later.items).toEqual([]);
    const upTo = await weft.api<Page>('GET', `/api/projects/${projectId}/logs?to=${all[1].timestamp}`);
    expect(upTo.items.map((r) => r.id)).toEqual(all.slice(1).map((r) => r.id));
  });

  it.each([
    ['severity=LOUD', 'severity must be one of INFO, WARN, ERROR'],
    ['limit=0', 'limit must be a whole number from 1 to 200'],
    ['limit=abc', 'limit must be a whole number from 1 to 200'],
    ['from=yesterday', "from must be a time: an ISO 8601 date or milliseconds since 1970 (got 'yesterday')"],
    ['from=2026-11-24&to=2026-11-23', 'from must not be after to'],
    ['cursor=garbage', 'Invalid cursor: pass back the nextCursor of a previous page'],
    ['flowId=a%20b', 'flowId must be a flow id'],
  ])('answers 400 for %s', async (query, message) => {
    const answer = await weft.request('GET', `/api/projects/${projectId}/logs?${query}`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: { message, code: 'bad_request' } });
  });
});

describe('a failing log publisher', () => {
  it('never fails a call, and the record is still kept', async () => {
    publisherFails = true;
    try {
      const projectId = await project('Publisher down');
      const flowId = await flow(projectId, 'Still answers', [trigger, variables, code('return 7'), response], [
        edge('e1', 'webhookTrigger_1', 'variables_1'), edge('e2', 'variables_1', 'code_1'), edge('e3', 'code_1', 'apiResponse_1'),
      ]);
      const answer = await hook(flowId, { name: 'x' });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ out: 7 });
      const [record] = (await logsOf(projectId, 1)).items;
      expect(record).toMatchObject({ flowId, severity: 'INFO' });
      await new Promise((ok) => setTimeout(ok, 100));
      expect(published.some((p) => p.body.payload.id === record.id)).toBe(true); // it was tried, and answered 503
    } finally {
      publisherFails = false;
    }
  });
});
