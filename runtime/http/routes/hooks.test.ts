/**
 * Production webhook calls need an API key of the flow's project (unless the webhook is public);
 * the API-key routes make, list (masked) and revoke keys. Through the whole server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_KEY_MESSAGE, MISSING_KEY_MESSAGE, NOT_BEARER_MESSAGE } from '../../services/auth/api-key-check.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let projectId = '';
let otherProjectId = '';

const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
const echoFlow = (isPublic?: boolean) => ({
  name: 'echo',
  nodes: [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: isPublic === undefined ? {} : { public: isPublic } },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 0, y: 0 }, values: { outputMapping: [{ key: 'n', value: '{{trigger.output.n}}' }] } },
  ],
  edges: [edge('e1', 'webhookTrigger_1', 'apiResponse_1')],
});

async function deployed(project: string, flow: object): Promise<string> {
  const { id } = await weft.api<{ id: string }>('POST', `/api/projects/${project}/flows`, flow);
  await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
  return id;
}

const newKey = (project: string, name = 'integrator') =>
  weft.api<{ id: string; key: string; maskedKey: string; name: string }>('POST', `/api/projects/${project}/api-keys`, { name });

const call = (flowId: string, authorization?: string) =>
  weft.request('POST', `/hook/${flowId}`, { n: 7 }, authorization === undefined ? {} : { authorization });

beforeAll(async () => {
  weft = await startTestWeft();
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Hooks' })).id;
  otherProjectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Other' })).id;
});
afterAll(() => weft?.close());

describe('API keys over HTTP', () => {
  it('creates a key shown once, lists it masked, revokes it', async () => {
    const created = await weft.request('POST', `/api/projects/${projectId}/api-keys`, { name: 'CI' });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const key = (await created.json()) as { id: string; key: string; maskedKey: string };
    expect(key.key).toMatch(/^wft_/);
    const listed = await weft.api<{ id: string; maskedKey: string }[]>('GET', `/api/projects/${projectId}/api-keys`);
    expect(listed.find((k) => k.id === key.id)).toEqual({ id: key.id, name: 'CI', maskedKey: key.maskedKey, createdAt: expect.any(Number), lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(key.key);
    expect((await weft.request('DELETE', `/api/projects/${projectId}/api-keys/${key.id}`)).status).toBe(204);
    expect((await weft.api<{ id: string }[]>('GET', `/api/projects/${projectId}/api-keys`)).some((k) => k.id === key.id)).toBe(false);
    const again = await weft.request('DELETE', `/api/projects/${projectId}/api-keys/${key.id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: { message: 'API key not found', code: 'not_found' } });
  });

  it('names a key "API key" when no name is sent; refuses bad names and unknown fields', async () => {
    expect((await weft.api<{ name: string }>('POST', `/api/projects/${projectId}/api-keys`, {})).name).toBe('API key');
    for (const [body, message] of [
      [{ name: '  ' }, 'An API key name must be a non-empty string'],
      [{ name: 5 }, 'An API key name must be a non-empty string'],
      [{ name: 'x'.repeat(101) }, 'An API key name has at most 100 characters'],
      [{ name: 'k', scope: 'all' }, 'Unknown field scope: an API key has only a name'],
    ] as const) {
      const answer = await weft.request('POST', `/api/projects/${projectId}/api-keys`, body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: { message, code: 'bad_request' } });
    }
  });

  it('does not revoke a key through another project', async () => {
    const key = await newKey(projectId);
    expect((await weft.request('DELETE', `/api/projects/${otherProjectId}/api-keys/${key.id}`)).status).toBe(404);
    expect((await weft.api<{ id: string }[]>('GET', `/api/projects/${projectId}/api-keys`)).some((k) => k.id === key.id)).toBe(true);
  });

  it('answers 404 for a project that does not exist', async () => {
    const answer = await weft.request('GET', '/api/projects/proj_nope/api-keys');
    expect(answer.status).toBe(404);
  });
});

describe('POST /hook/:flowId needs an API key of the flow’s project', () => {
  it('refuses a call without a key, with a non-Bearer header, or with a made-up key: 401, nothing runs', async () => {
    const flowId = await deployed(projectId, echoFlow());
    const before = await weft.api<unknown[]>('GET', `/api/flows/${flowId}/runs`);
    for (const [authorization, message] of [
      [undefined, MISSING_KEY_MESSAGE],
      ['Basic dXNlcjpwYXNz', NOT_BEARER_MESSAGE],
      ['Bearer wft_made_up', INVALID_KEY_MESSAGE],
    ] as const) {
      const answer = await call(flowId, authorization);
      expect(answer.status, String(authorization)).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(await answer.json()).toEqual({ error: { message, code: 'unauthorized' } });
    }
    expect(await weft.api<unknown[]>('GET', `/api/flows/${flowId}/runs`)).toEqual(before);
  });

  it('runs with a key of the project, refuses a key of another project, and stops a revoked key at once', async () => {
    const flowId = await deployed(projectId, echoFlow(false));
    const own = await newKey(projectId);
    const foreign = await newKey(otherProjectId);
    const ok = await call(flowId, `Bearer ${own.key}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ n: 7 });
    const wrongProject = await call(flowId, `Bearer ${foreign.key}`);
    expect(wrongProject.status).toBe(401);
    expect(await wrongProject.json()).toEqual({ error: { message: INVALID_KEY_MESSAGE, code: 'unauthorized' } });
    await weft.api('DELETE', `/api/projects/${projectId}/api-keys/${own.id}`);
    const revoked = await call(flowId, `Bearer ${own.key}`);
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({ error: { message: INVALID_KEY_MESSAGE, code: 'unauthorized' } });
  });

  it('records when a key was last used', async () => {
    const flowId = await deployed(projectId, echoFlow());
    const key = await newKey(projectId, 'usage');
    const started = Date.now();
    expect((await call(flowId, `Bearer ${key.key}`)).status).toBe(200);
    const listed = await weft.api<{ id: string; lastUsedAt: number | null }[]>('GET', `/api/projects/${projectId}/api-keys`);
    expect(listed.find((k) => k.id === key.id)!.lastUsedAt).toBeGreaterThanOrEqual(started);
  });

  it('lets anyone call a webhook the builder marked public', async () => {
    const flowId = await deployed(projectId, echoFlow(true));
    const answer = await call(flowId);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ n: 7 });
  });

  it('still answers 404 for unknown and draft flows before asking for a key', async () => {
    const answer = await call('flow_nope');
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ error: { message: 'Workflow not found', code: 'not_found' } });
  });

  it('answers as the rest of the API does: the request id kept, JSON with its type, the run id, 405 with Allow for another method', async () => {
    const flowId = await deployed(projectId, echoFlow(true));
    const answer = await weft.request('POST', `/hook/${flowId}/?ignored=1`, { n: 3 }, { 'x-request-id': 'hook-42' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe('hook-42');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('x-weft-run-id')).toMatch(/^run_[0-9a-f]{32}$/);
    expect(await answer.json()).toEqual({ n: 3 });
    const get = await weft.request('GET', `/hook/${flowId}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toEqual({ error: { message: `Method Not Allowed: GET /hook/${flowId}`, code: 'method_not_allowed' } });
  });
});
