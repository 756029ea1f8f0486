/**
 * A self-hosted install's plans: the organisation `npm start` makes for its admin is on the
 * unlimited plan (its 101st production call of a day passes, where the starter plan's daily cap
 * is 100), and organisations made later start on the configured default plan (WEFT_DEFAULT_PLAN).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareAdmin, type FirstStart } from '../auth/first-start.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let redis: Redis;
let first: FirstStart;
const dataDir = mkdtempSync(join(tmpdir(), 'weft-self-hosting-'));

beforeAll(async () => {
  weft = await startTestWeft({ defaultPlan: 'team' });
  redis = new Redis(process.env.REDIS_URL!);
  first = await prepareAdmin(redis, { prefix: weft.prefix, dataDir, admin: {} });
});
afterAll(async () => {
  await first?.session.end();
  redis?.disconnect();
  await weft?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A call to the API as the first start's admin (the session `npm start` seeds the demo with). */
async function asAdmin<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${weft.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...first.session.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}

const echoFlow = {
  name: 'Echo',
  nodes: [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: { public: true } },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 300, y: 0 }, values: { outputMapping: [{ key: 'n', value: '{{trigger.output.n}}' }] } },
  ],
  edges: [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' }],
};

describe('plans of a self-hosted install', () => {
  it("puts the first start's own organisation on a plan without limits: its 101st production call of the day passes", async () => {
    const project = await asAdmin<{ id: string; organisationId: string }>('POST', '/api/projects', { name: 'Own calls' });
    expect(project.organisationId).toBe(first.admin.organisation.id);
    const flow = await asAdmin<{ id: string }>('POST', `/api/projects/${project.id}/flows`, echoFlow);
    await asAdmin('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    // the starter plan's daily cap is 3000 / 30 = 100 calls
    const statuses: number[] = [];
    for (let n = 1; n <= 101; n++) {
      const answer = await weft.anonymous.request('POST', `/hook/${flow.id}`, { n });
      statuses.push(answer.status);
      if (n === 101) expect(await answer.json()).toEqual({ n: 101 });
      else await answer.body?.cancel();
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const usage = await asAdmin<{ plan: string; usage: { requestsPerDay: number } }>('GET', `/api/projects/${project.id}/usage`);
    expect(usage).toMatchObject({ plan: 'unlimited', usage: { requestsPerDay: 101 } });
    expect(first.admin.organisation.plan).toBe('unlimited');
  }, 60_000);

  it('starts an organisation made later on the default plan (WEFT_DEFAULT_PLAN)', async () => {
    const made = await asAdmin<{ plan: string }>('POST', '/api/organisations', { name: 'Later' });
    expect(made.plan).toBe('team');
  });
});
