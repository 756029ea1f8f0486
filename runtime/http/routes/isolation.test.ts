/**
 * Tenant isolation through the whole server: a member of another organisation can neither
 * read nor change anything of organisation A — projects, flows, runs, run events, actors,
 * credentials, API keys, usage, logs — and learns nothing (the same 404 as for what does not
 * exist), while a member of A sees it all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../../testing/sse-client.ts';
import type { Client } from '../../testing/session-client.ts';
import type { TestUser } from '../../testing/test-accounts.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let outsider: TestUser;
let teammate: TestUser;
const secret = 'sk-isolation-SECRET-7731';
const a = { projectId: '', flowId: '', runId: '', credentialId: '', keyId: '', key: '' };

const trigger = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} };
const variables = { id: 'variables_1', type: 'variablesNode', position: { x: 0, y: 0 }, values: { mapping: [{ key: 'v', type: 'string', value: 'A-only {{trigger.output.n}}' }] } };
const edges = [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'variables_1', targetHandle: 'in' }];

beforeAll(async () => {
  weft = await startTestWeft({ concurrency: 2 });
  a.projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Organisation A project' })).id;
  a.flowId = (await weft.api<{ id: string }>('POST', `/api/projects/${a.projectId}/flows`, { name: 'A flow', nodes: [trigger, variables], edges })).id;
  await weft.api('POST', `/api/flows/${a.flowId}/deploy`, { status: 'active' });
  a.runId = (await weft.api<{ runId: string }>('POST', `/api/flows/${a.flowId}/runs`, { input: { n: 1 } })).runId;
  a.credentialId = (
    await weft.api<{ id: string }>('POST', `/api/projects/${a.projectId}/credentials`, {
      name: 'crawler',
      credential_type: 'crawlService',
      credentials: { apiKey: secret, hostUrl: 'https://crawl.example.com' },
    })
  ).id;
  const key = await weft.api<{ id: string; key: string }>('POST', `/api/projects/${a.projectId}/api-keys`, { name: 'A key' });
  Object.assign(a, { keyId: key.id, key: key.key });
  // a production call, so A has usage and a log record
  expect((await weft.request('POST', `/hook/${a.flowId}`, { n: 2 }, { authorization: `Bearer ${a.key}` })).status).toBe(202);
  outsider = await weft.createUser({ name: 'Outsider' });
  teammate = await weft.createUser({ name: 'Teammate', organisationId: weft.admin.organisation.id, role: 'member' });
});
afterAll(() => weft?.close());

const reads = (): [string, string, string][] => [
  ['GET', `/api/projects/${a.projectId}`, 'Project not found'],
  ['GET', `/api/projects/${a.projectId}/flows`, 'Project not found'],
  ['GET', `/api/flows/${a.flowId}`, 'Workflow not found'],
  ['GET', `/api/flows/${a.flowId}/runs`, 'Workflow not found'],
  ['GET', `/api/flows/${a.flowId}/live`, 'Workflow not found'],
  ['GET', `/api/runs/${a.runId}`, 'Run not found'],
  ['GET', `/api/runs/${a.runId}/actors`, 'Run not found'],
  ['GET', `/api/runs/${a.runId}/events`, 'Run not found'],
  ['GET', `/api/runs/${a.runId}/rerun-plan?fromNode=variables_1`, 'Run not found'],
  ['GET', `/api/runs/${a.runId}/compare/${a.runId}`, 'Run not found'],
  ['GET', `/api/projects/${a.projectId}/credentials`, 'Project not found'],
  ['GET', `/api/projects/${a.projectId}/credentials/${a.credentialId}`, 'Project not found'],
  ['GET', `/api/projects/${a.projectId}/credentials/by-name/crawler`, 'Project not found'],
  ['GET', `/api/projects/${a.projectId}/api-keys`, 'Project not found'],
  ['GET', `/api/projects/${a.projectId}/usage`, 'Project not found'],
  ['GET', `/api/projects/${a.projectId}/logs`, 'Project not found'],
];

const writes = (): [string, string, unknown, string][] => [
  ['POST', `/api/projects/${a.projectId}/flows`, { name: 'planted' }, 'Project not found'],
  ['PUT', `/api/flows/${a.flowId}`, { name: 'taken over' }, 'Workflow not found'],
  ['POST', `/api/flows/${a.flowId}/deploy`, { status: 'inactive' }, 'Workflow not found'],
  ['POST', `/api/flows/${a.flowId}/runs`, { input: {} }, 'Workflow not found'],
  ['POST', `/api/flows/${a.flowId}/nodes/variables_1/run`, { fromRun: a.runId }, 'Workflow not found'],
  ['POST', `/api/runs/${a.runId}/rerun`, { fromNode: 'variables_1' }, 'Run not found'],
  ['DELETE', `/api/flows/${a.flowId}`, undefined, 'Workflow not found'],
  ['POST', `/api/runs/${a.runId}/cancel`, undefined, 'Run not found'],
  ['POST', `/api/projects/${a.projectId}/credentials`, { name: 'planted', credential_type: 'crawlService', credentials: { apiKey: 'x' } }, 'Project not found'],
  ['PUT', `/api/projects/${a.projectId}/credentials/${a.credentialId}`, { is_active: false }, 'Project not found'],
  ['DELETE', `/api/projects/${a.projectId}/credentials/${a.credentialId}`, undefined, 'Project not found'],
  ['POST', `/api/projects/${a.projectId}/api-keys`, { name: 'planted' }, 'Project not found'],
  ['DELETE', `/api/projects/${a.projectId}/api-keys/${a.keyId}`, undefined, 'Project not found'],
];

async function notFound(client: Client, method: string, path: string, body: unknown, message: string) {
  const response = await client.request(method, path, body);
  const text = await response.text();
  expect(response.status, `${method} ${path}`).toBe(404);
  expect(JSON.parse(text), `${method} ${path}`).toEqual({ error: { message, code: 'not_found' } });
  for (const leak of [secret, 'Organisation A project', 'A flow', 'A-only', weft.admin.organisation.id]) expect(text).not.toContain(leak);
}

describe('another organisation', () => {
  it('reads nothing of A: every project, flow, run, event, actor, credential, key, usage and log route answers 404', async () => {
    for (const [method, path, message] of reads()) await notFound(outsider, method, path, undefined, message);
  });

  it('changes nothing of A: every write answers 404 and A finds everything as it was', async () => {
    for (const [method, path, body, message] of writes()) await notFound(outsider, method, path, body, message);
    const flow = await weft.api<{ name: string; status: string }>('GET', `/api/flows/${a.flowId}`);
    expect(flow).toMatchObject({ name: 'A flow', status: 'active' });
    expect((await weft.api<unknown[]>('GET', `/api/projects/${a.projectId}/flows`)).length).toBe(1);
    expect(await weft.api('GET', `/api/projects/${a.projectId}/credentials/${a.credentialId}`)).toMatchObject({ is_active: true });
    expect((await weft.api<{ name: string }[]>('GET', `/api/projects/${a.projectId}/credentials`)).map((c) => c.name)).toEqual(['crawler']);
    expect((await weft.api<{ name: string }[]>('GET', `/api/projects/${a.projectId}/api-keys`)).map((k) => k.name)).toEqual(['A key']);
    expect((await weft.request('POST', `/hook/${a.flowId}`, { n: 3 }, { authorization: `Bearer ${a.key}` })).status).toBe(202);
  });

  it("does not list A's projects or organisation, nor let a project be made in it", async () => {
    expect(await outsider.api('GET', '/api/projects')).toEqual([]);
    expect((await outsider.api<{ id: string }[]>('GET', '/api/organisations')).map((o) => o.id)).toEqual([outsider.organisation.id]);
    const org = weft.admin.organisation.id;
    await notFound(outsider, 'POST', '/api/projects', { name: 'planted', organisationId: org }, 'Organisation not found');
    await notFound(outsider, 'GET', `/api/organisations/${org}`, undefined, 'Organisation not found');
    await notFound(outsider, 'GET', `/api/organisations/${org}/members`, undefined, 'Organisation not found');
    await notFound(outsider, 'POST', `/api/organisations/${org}/members`, { email: outsider.user.email }, 'Organisation not found');
    await notFound(outsider, 'DELETE', `/api/organisations/${org}/members/${weft.admin.user.id}`, undefined, 'Organisation not found');
    expect((await weft.api<unknown[]>('GET', `/api/organisations/${org}/members`)).length).toBe(2);
  });

  it("cannot call A's webhook with a key of its own project", async () => {
    const own = await outsider.api<{ id: string }>('POST', '/api/projects', { name: 'B project' });
    const key = await outsider.api<{ key: string }>('POST', `/api/projects/${own.id}/api-keys`, { name: 'B key' });
    expect((await weft.anonymous.request('POST', `/hook/${a.flowId}`, {}, { authorization: `Bearer ${key.key}` })).status).toBe(401);
  });
});

describe('a member of the same organisation', () => {
  it('reads everything the outsider could not', async () => {
    for (const [method, path] of reads()) {
      if (path.endsWith('/events') || path.endsWith('/live')) continue;
      const response = await teammate.request(method, path);
      expect(response.status, `${method} ${path}`).toBe(200);
    }
    const events = await readSse(`${weft.url}/api/runs/${a.runId}/events`, { headers: teammate.headers });
    expect(events.map((e) => e.type)).toContain('run.started');
    expect((await teammate.api<{ id: string }[]>('GET', '/api/projects')).map((p) => p.id)).toEqual([a.projectId]);
  });

  it('but not another member’s session: a teammate’s CSRF token does not pass with the admin’s cookie', async () => {
    const response = await weft.anonymous.request('POST', '/api/projects', { name: 'x' }, { cookie: weft.headers.cookie, 'x-csrf-token': teammate.csrfToken });
    expect(response.status).toBe(403);
  });
});
