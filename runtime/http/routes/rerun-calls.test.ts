/**
 * A re-run from a node repeats no call of the nodes before it: two API nodes in a row, each
 * calling its own loopback receiver; re-run from the second, the first receiver is not called
 * again (counted), the second is called once more with the re-run's own Idempotency-Key
 * (`<new run id>/<node>`, not the source run's), and the re-run reads the first node's recorded
 * answer as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackApi, type LoopbackApi } from '../../../catalogue/testing/loopback-api.ts';
import type { LogRecord } from '../../../contract/logs.ts';
import type { RunSnapshot } from '../../../contract/runs.ts';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let first: LoopbackApi;
let second: LoopbackApi;
const at = { x: 0, y: 0 };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });

beforeAll(async () => {
  let quotes = 0;
  first = await startLoopbackApi(() => ({ body: { quote: `q${++quotes}` } }));
  second = await startLoopbackApi((request) => ({ body: { booked: JSON.parse(request.body).quote } }));
  weft = await startTestWeft({ outboundAllow: [first.hostPort, second.hostPort] });
});
afterAll(async () => {
  await weft?.close();
  await first?.close();
  await second?.close();
});

describe('a re-run and the calls before its node', () => {
  it('never calls an upstream node again, and calls its own nodes with its own idempotency keys', async () => {
    const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Re-run calls' })).id;
    const nodes = [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} },
      { id: 'quote_1', type: 'apiNode', position: at, values: { url: `${first.url}/quote`, method: 'POST', body: '{"item": "{{trigger.output.item}}"}' } },
      { id: 'book_1', type: 'apiNode', position: at, values: { url: `${second.url}/book`, method: 'POST', body: '{"quote": "{{quote_1.output.quote}}"}' } },
      { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'booked', value: '{{book_1.output.booked}}' }] } },
    ];
    const edges = [edge('e1', 'webhookTrigger_1', 'quote_1'), edge('e2', 'quote_1', 'book_1'), edge('e3', 'book_1', 'apiResponse_1')];
    const flowId = (await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Book', nodes, edges })).id;

    const { runId: source } = await weft.api<{ runId: string }>('POST', `/api/flows/${flowId}/runs`, { input: { item: 'lamp' } });
    await readSse(`${weft.url}/api/runs/${source}/events`, { headers: weft.headers });
    expect(first.seen).toHaveLength(1);
    expect(second.seen).toHaveLength(1);
    expect(second.seen[0].headers['idempotency-key']).toBe(`${source}/book_1`);

    const { runId } = await weft.api<{ runId: string }>('POST', `/api/runs/${source}/rerun`, { fromNode: 'book_1' });
    await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
    const snapshot = await weft.api<RunSnapshot>('GET', `/api/runs/${runId}`);
    expect(snapshot.status).toBe('completed');
    // the quote is the one recorded: the first receiver was not asked again
    expect(first.seen).toHaveLength(1);
    expect(second.seen).toHaveLength(2);
    expect(JSON.parse(second.seen[1].body)).toEqual({ quote: 'q1' });
    expect(second.seen[1].headers['idempotency-key']).toBe(`${runId}/book_1`);
    expect(runId).not.toBe(source);

    // a production-mode re-run is a production run: the call log records it with its source
    const production = await weft.api<{ runId: string }>('POST', `/api/runs/${source}/rerun`, { fromNode: 'book_1', mode: 'production' });
    await readSse(`${weft.url}/api/runs/${production.runId}/events`, { headers: weft.headers });
    await weft.logged();
    const { items: records } = await weft.api<{ items: LogRecord[] }>('GET', `/api/projects/${projectId}/logs`);
    expect(records.find((r) => r.runId === production.runId)).toMatchObject({ trigger: 'rerun', rerunOf: { runId: source, fromNode: 'book_1' }, runStatus: 'completed', executionType: 'async', request: { method: 'POST', path: `/api/runs/${source}/rerun`, body: { fromNode: 'book_1' } } });
    expect(records.find((r) => r.runId === runId)).toBeUndefined();
  });
});
