/**
 * The caller of a production call reads the run it started with the same API key: GET
 * /api/runs/:id and its events answer for the key's project, 404 for another project's run
 * (the same answer as an unknown run), 401 without a live key. Sessions read runs as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_KEY_MESSAGE } from '../../services/auth/api-key-check.ts';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let key = '';
let otherKey = '';
let runId = '';
const bearer = (k: string) => ({ authorization: `Bearer ${k}` });

const trigger = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} };
const variables = { id: 'variables_1', type: 'variablesNode', position: { x: 0, y: 0 }, values: { mapping: [{ key: 'v', type: 'string', value: 'x' }] } };
const edge = { id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'variables_1', targetHandle: 'in' };

beforeAll(async () => {
  weft = await startTestWeft();
  const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Keys read runs' })).id;
  const otherId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Other' })).id;
  key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'caller' })).key;
  otherKey = (await weft.api<{ key: string }>('POST', `/api/projects/${otherId}/api-keys`, { name: 'other' })).key;
  const flow = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'no answer', nodes: [trigger, variables], edges: [edge] });
  await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
  const called = await weft.anonymous.request('POST', `/hook/${flow.id}`, {}, bearer(key));
  expect(called.status).toBe(202);
  runId = ((await called.json()) as { runId: string }).runId;
});
afterAll(() => weft?.close());

describe('a run read with the API key that started it', () => {
  it('answers the snapshot and the events for a key of the run’s project', async () => {
    await expect.poll(async () => {
      const answer = await weft.anonymous.request('GET', `/api/runs/${runId}`, undefined, bearer(key));
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { status: string }).status;
    }).toBe('completed');
    const events = await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: bearer(key), limit: 2, timeoutMs: 5000 });
    expect(events.length).toBe(2);
  });

  it('answers 404 Run not found for another project’s key, as for an unknown run', async () => {
    for (const [id, k] of [[runId, otherKey], ['run_nope', key]]) {
      for (const path of [`/api/runs/${id}`, `/api/runs/${id}/events`]) {
        const answer = await weft.anonymous.request('GET', path, undefined, bearer(k));
        expect(answer.status).toBe(404);
        expect(await answer.json()).toEqual({ error: { message: 'Run not found', code: 'not_found' } });
      }
    }
  });

  it('answers 401 for a made-up key and Sign in first without any', async () => {
    const madeUp = await weft.anonymous.request('GET', `/api/runs/${runId}`, undefined, bearer('wft_' + 'a'.repeat(43)));
    expect(madeUp.status).toBe(401);
    expect(madeUp.headers.get('www-authenticate')).toBe('Bearer');
    expect(await madeUp.json()).toEqual({ error: { message: INVALID_KEY_MESSAGE, code: 'unauthorized' } });
    const none = await weft.anonymous.request('GET', `/api/runs/${runId}`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: { message: 'Sign in first', code: 'unauthorized' } });
  });

  it('reads nothing else with a key: cancel, actors and flows still need a session', async () => {
    expect((await weft.anonymous.request('POST', `/api/runs/${runId}/cancel`, {}, bearer(key))).status).toBe(401);
    expect((await weft.anonymous.request('GET', `/api/runs/${runId}/actors`, undefined, bearer(key))).status).toBe(401);
  });

  it('keeps sessions reading runs as before', async () => {
    expect((await weft.request('GET', `/api/runs/${runId}`)).status).toBe(200);
  });
});
