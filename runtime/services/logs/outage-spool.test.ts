/**
 * Nothing unlogged during an outage: production calls answered 503 while Redis is down (a
 * webhook with its body, a GraphQL call naming its workflow, a chat message) each get their log
 * record once Redis is back; calls past the spool's bound are counted as dropped. On a Redis of
 * its own, stopped and started again on the same files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogRecord } from '../../../contract/logs.ts';
import { startRedis, type OwnRedis } from '../../../actors/redis-server.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { OutageSpool } from './outage-spool.ts';
import type { ProductionCall } from './run-logger.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-spool-'));
let redis: OwnRedis;
let weft: TestWeft;
let projectId = '';
let flowId = '';

const at = { x: 0, y: 0 };

beforeAll(async () => {
  redis = await startRedis({ dir });
  weft = await startTestWeft({ redisUrl: redis.url });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Outage' })).id;
  flowId = (
    await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
      name: 'answer',
      nodes: [
        { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: { public: true } },
        { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'out', value: 'ok' }] } },
      ],
      edges: [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' }],
    })
  ).id;
  await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
});
afterAll(async () => {
  await weft?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${weft.url}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers }, signal: AbortSignal.timeout(10_000) });

describe('calls answered while Redis is down', () => {
  it('are logged once Redis is back, with what they sent and the 503 they got', async () => {
    const quiet = [vi.spyOn(console, 'error').mockImplementation(() => {}), vi.spyOn(console, 'warn').mockImplementation(() => {})];
    try {
      await redis.stop();
      await sleep(1500);
      const answers = [
        await post(`/hook/${flowId}`, { order: 7, password: 'hunter2' }),
        await post('/graphql', { query: '{ __typename }' }, { 'x-workflow-id': flowId }),
        await post(`/widgets/chat/${flowId}/messages`, { message: 'hello' }),
        await post('/api/projects', { name: 'not a production call' }),
      ];
      expect(answers.map((a) => a.status)).toEqual([503, 503, 503, 503]);
      redis = await startRedis({ dir });
      const logs = () => weft.api<{ items: LogRecord[] }>('GET', `/api/projects/${projectId}/logs`);
      await expect.poll(async () => (await logs()).items.length, { timeout: 15_000, interval: 200 }).toBe(3);
      const records = (await logs()).items.sort((a, b) => a.timestamp - b.timestamp);
      expect(records.map((r) => r.trigger)).toEqual(['webhook', 'graphql', 'chat']);
      for (const record of records) {
        expect(record).toMatchObject({ flowId, flowName: 'answer', runId: null, responseStatus: 503, severity: 'ERROR', runStatus: null, errorKind: 'operational' });
        expect(record.error).toMatch(/^Redis is unreachable/);
      }
      // the body as the logs keep it: secret fields masked
      expect(records[0].request).toMatchObject({ method: 'POST', path: `/hook/${flowId}`, body: { order: 7 } });
      expect(JSON.stringify(records[0].request.body)).not.toContain('hunter2');
      expect(records[2].request).toMatchObject({ path: `/widgets/chat/${flowId}/messages`, body: { message: 'hello' } });
    } finally {
      for (const spy of quiet) spy.mockRestore();
    }
  });
});

describe('OutageSpool', () => {
  it('keeps at most its bound, counts the rest as dropped, and hands each kept call over once', () => {
    const written: ProductionCall[] = [];
    const spool = new OutageSpool((call) => written.push(call), 2);
    for (const n of [1, 2, 3]) spool.add({ flowId: `f${n}`, trigger: 'webhook', receivedAt: n, request: { method: 'POST', path: `/hook/f${n}`, body: {} } });
    expect([spool.size, spool.dropped]).toEqual([2, 1]);
    expect(spool.flush()).toBe(2);
    expect(spool.flush()).toBe(0);
    expect(written.map((c) => [c.flowId, c.answerStatus, c.runId])).toEqual([['f1', 503, null], ['f2', 503, null]]);
  });
});
