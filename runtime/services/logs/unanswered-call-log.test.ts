/**
 * Every production call is logged, also when its answer is never delivered: a realtime caller
 * waiting on a slow flow disconnects and the server stops (without a grace period) before the
 * flow answers; once a server runs again the run finishes and its log record is there, with
 * the run id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogRecord } from '../../../contract/logs.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let projectId = '';

const at = { x: 0, y: 0 };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });

beforeAll(async () => {
  weft = await startTestWeft({ shutdownGraceMs: 0 }); // no grace: the stop does not wait for the flow's answer
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Unanswered' })).id;
});
afterAll(() => weft?.close());

describe('a production call whose answer is never delivered', () => {
  it('is logged with its run id once the run ends', async () => {
    const { id: flowId } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
      name: 'slow answer',
      nodes: [
        { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: { public: true } },
        { id: 'wait_1', type: 'waitNode', position: at, values: { seconds: 2 } },
        { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'out', value: 'late' }] } },
      ],
      edges: [edge('e1', 'webhookTrigger_1', 'wait_1'), edge('e2', 'wait_1', 'apiResponse_1')],
    });
    await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
    const caller = new AbortController();
    const call = fetch(`${weft.url}/hook/${flowId}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, signal: caller.signal }).catch((e: Error) => e);
    const history = () => weft.api<{ runId: string }[]>('GET', `/api/flows/${flowId}/runs`);
    await expect.poll(async () => (await history()).length, { timeout: 5000, interval: 50 }).toBe(1);
    const [{ runId }] = await history();
    caller.abort(); // the caller goes away…
    expect(await call).toBeInstanceOf(Error);
    await weft.restart(); // …and the server that took the call stops before the flow answers
    const logs = () => weft.api<{ items: LogRecord[] }>('GET', `/api/projects/${projectId}/logs`);
    await expect.poll(async () => (await logs()).items.length, { timeout: 15_000, interval: 100 }).toBe(1);
    const [record] = (await logs()).items;
    expect(record).toMatchObject({ runId, flowId, trigger: 'webhook', runStatus: 'completed', responseStatus: 200 });
    // realtime when the record was kept for the next server; async when the stop released the wait first (a 202 hand-over)
    expect(['realtime', 'async']).toContain(record.executionType);
    expect(record.nodeIds).toEqual(['webhookTrigger_1', 'wait_1', 'apiResponse_1']);
  });
});
