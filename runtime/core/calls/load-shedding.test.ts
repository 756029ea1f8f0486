/**
 * Load shedding: past its limits a server refuses production calls at once with Retry-After —
 * 503 `overloaded` when the process holds its most calls in flight or too many activations wait
 * for a worker, 429 `project_overloaded` when the caller's project holds its share — and takes
 * calls again as soon as places are free.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { OverloadedError } from '../../services/domain-errors.ts';
import { deploySlowWebhook } from '../../testing/slow-webhook.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { LoadShedder } from './load-shedding.ts';

let weft: TestWeft | null = null;
afterEach(async () => {
  await weft?.close();
  weft = null;
});

/** a new project's public webhook → wait 1 s → response flow; its hook URL */
const slowHook = async (w: TestWeft, project: string) => `${w.url}/hook/${await deploySlowWebhook(w, { project, seconds: 1 })}`;

async function call(url: string) {
  const answer = await fetch(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  const body = (await answer.json()) as { error?: { code: string; message: string; retryAfter?: number } };
  return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body };
}

const pause = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

describe('a server past its limit of calls in flight', () => {
  it('answers a further call 503 overloaded with Retry-After at once, and takes calls again once its callers are answered', async () => {
    weft = await startTestWeft({ loadLimits: { maxInFlight: 2, maxInFlightPerProject: 2 } });
    const hook = await slowHook(weft, 'Busy');
    const waiting = [call(hook), call(hook)];
    await pause(300);
    const started = Date.now();
    const refused = await call(hook);
    expect(Date.now() - started).toBeLessThan(500);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('2');
    expect(refused.body.error).toMatchObject({ code: 'overloaded', retryAfter: 2 });
    expect(refused.body.error?.message).toMatch(/^The server is busy \(2 calls are in progress\); try again in 2 s$/);
    expect((await Promise.all(waiting)).map((a) => a.status)).toEqual([200, 200]);
    expect((await call(hook)).status).toBe(200);
  });

  it('answers a project holding its share 429 project_overloaded with Retry-After, while another project is served', async () => {
    weft = await startTestWeft({ loadLimits: { maxInFlight: 10, maxInFlightPerProject: 1 } });
    const busy = await slowHook(weft, 'Busy project');
    const quiet = await slowHook(weft, 'Quiet project');
    const first = call(busy);
    await pause(300);
    const refused = await call(busy);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('2');
    expect(refused.body.error?.code).toBe('project_overloaded');
    expect((await call(quiet)).status).toBe(200);
    expect((await first).status).toBe(200);
  });
});

describe('the other doors of a server past its limit', () => {
  it('answer GraphQL executeWorkflow with the refusal’s code and retryAfter, and the chat widget 503 with Retry-After', async () => {
    weft = await startTestWeft({ loadLimits: { maxInFlight: 1 } });
    const w = weft;
    const waiting = call(await slowHook(w, 'Busy'));
    const projectId = (await w.api<{ id: string }>('POST', '/api/projects', { name: 'Doors' })).id;
    const deploy = async (trigger: string, response: string, values: Record<string, unknown> = {}) => {
      const nodes = [
        { id: 'trigger_1', type: trigger, position: { x: 0, y: 0 }, values: {} },
        { id: 'response_1', type: response, position: { x: 0, y: 0 }, values },
      ];
      const flow = await w.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: trigger, nodes, edges: [{ id: 'e1', source: 'trigger_1', sourceHandle: 'out', target: 'response_1', targetHandle: 'in' }] });
      await w.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
      return flow.id;
    };
    const graphqlFlow = await deploy('graphqlTriggerNode', 'graphqlResponseNode');
    const chatFlow = await deploy('chatTriggerNode', 'chatResponseNode', { content: 'hi' });
    const { key } = await w.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'doors' });
    await pause(300);

    const graphql = await fetch(`${w.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'x-project-id': projectId },
      body: JSON.stringify({ query: `{ executeWorkflow(workflowId: "${graphqlFlow}", payload: {}) { status } }` }),
    });
    const { errors } = (await graphql.json()) as { errors: { extensions: Record<string, unknown> }[] };
    expect(errors[0].extensions).toMatchObject({ code: 'overloaded', retryAfter: 2 });

    const chat = await fetch(`${w.url}/widgets/chat/${chatFlow}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.example.com' },
      body: JSON.stringify({ sessionId: 'visitor_1', message: 'hello' }),
    });
    expect(chat.status).toBe(503);
    expect(chat.headers.get('retry-after')).toBe('2');
    expect(chat.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect((await waiting).status).toBe(200);
  });
});

describe('LoadShedder', () => {
  const lines: string[] = [];
  const clock = { t: 0 };
  const shedder = (limits: Partial<LoadShedder['limits']>, queueDepth?: () => Promise<number>) =>
    new LoadShedder({ maxInFlight: 100, maxInFlightPerProject: 100, maxQueued: 100, ...limits }, { queueDepth, now: () => clock.t, log: (l) => lines.push(l) });

  it('gives a place back once, however often its release is called', () => {
    const s = shedder({ maxInFlight: 1 });
    const slot = s.enter();
    slot.forProject('p1');
    slot.release();
    slot.release();
    expect(s.held).toBe(0);
    s.enter().release();
  });

  it('refuses while the queue read in the background is past its limit, without waiting for the read', async () => {
    let depth = 5;
    const s = shedder({ maxQueued: 3 }, async () => depth);
    s.enter().release(); // starts the first read
    await pause(0);
    expect(() => s.enter()).toThrow(OverloadedError);
    depth = 0;
    clock.t += 1000;
    expect(() => s.enter()).toThrow(/5 activations wait for a worker/); // the read is under way
    await pause(0);
    s.enter().release();
  });

  it('logs one line when shedding starts and one when it has been quiet for 5 s', () => {
    lines.length = 0;
    const s = shedder({ maxInFlight: 1 });
    const slot = s.enter();
    for (let i = 0; i < 3; i++) expect(() => s.enter()).toThrow(OverloadedError);
    slot.release();
    s.enter().release();
    expect(lines).toHaveLength(1);
    clock.t += 6000;
    s.enter().release();
    expect(lines[0]).toMatch(/^\[weft\] overloaded: refusing production calls \(1 calls are in progress; limits: 1 in flight/);
    expect(lines[1]).toBe('[weft] no longer overloaded: 3 production calls refused over 0.0 s');
  });

  it('a project refused keeps no place of its own', () => {
    const s = shedder({ maxInFlightPerProject: 1 });
    s.enter().forProject('p1');
    const second = s.enter();
    expect(() => second.forProject('p1')).toThrow(OverloadedError);
    second.release();
    expect(s.held).toBe(1);
  });
});
