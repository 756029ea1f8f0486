import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { LogRecord } from '../../../contract/logs.ts';
import { severityOf } from '../logs/log-record.ts';
import { decodeCursor, encodeCursor, InvalidCursorError, LogStore } from './logs.ts';

const redis = new Redis(process.env.REDIS_URL!);
afterAll(() => redis.disconnect());

const projectId = 'proj_logs';
const base = Date.parse('2026-11-23T10:00:00Z');
let now = base;
let store: LogStore;
let prefix = '';

beforeEach(() => {
  prefix = `weft-test-${randomUUID().slice(0, 8)}:`;
  now = base;
  store = new LogStore(redis, prefix, 3600, 1000, () => now);
});

function record(timestamp: number, flowId: string, status: number, id = LogStore.newId()): LogRecord {
  return {
    id, timestamp, severity: severityOf(status), projectId, flowId, flowName: flowId, runId: null, trigger: 'webhook',
    executionType: 'realtime', environment: 'production', request: { method: 'POST', path: `/hook/${flowId}`, body: {} },
    responseStatus: status, runStatus: null, durationMs: 1, nodeIds: [], tokenUsage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    cost: 0, models: [],
  };
}

/** Every page, following nextCursor to the end. */
async function allPages(query: Parameters<LogStore['query']>[1]) {
  const pages: LogRecord[][] = [];
  let cursor: string | undefined;
  do {
    const page = await store.query(projectId, { ...query, cursor });
    pages.push(page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}

describe('LogStore', () => {
  it('keeps every key of a project for the retention', async () => {
    await store.append(record(now, 'flow_a', 200));
    const keys = store.keys(projectId);
    for (const key of [keys.records, keys.all, keys.flow('flow_a'), keys.severity('INFO')]) {
      const ttl = await redis.ttl(key);
      expect(ttl, key).toBeGreaterThan(3590);
      expect(ttl, key).toBeLessThanOrEqual(3600);
    }
    expect(keys.records).toBe(`${prefix}{logs:${projectId}}:records`);
  });

  it('appends the records of one turn in one step, each as if alone: a repeated id once, every index written and kept', async () => {
    const repeated = LogStore.newId();
    const records = [record(now, 'flow_a', 200, repeated), record(now + 1, 'flow_b', 500), record(now + 2, 'flow_a', 404), record(now + 3, 'flow_a', 200, repeated)];
    expect(await Promise.all(records.map((r) => store.append(r)))).toEqual([true, true, true, false]);
    expect((await store.query(projectId, { limit: 10 })).items.map((r) => r.id)).toEqual([records[2].id, records[1].id, repeated]);
    expect((await store.query(projectId, { limit: 10, flowId: 'flow_b' })).items.map((r) => r.id)).toEqual([records[1].id]);
    expect((await store.query(projectId, { limit: 10, severity: 'WARN' })).items.map((r) => r.id)).toEqual([records[2].id]);
    const keys = store.keys(projectId);
    for (const key of [keys.records, keys.all, keys.flow('flow_a'), keys.flow('flow_b'), keys.severity('INFO'), keys.severity('WARN'), keys.severity('ERROR')]) {
      expect(await redis.ttl(key), key).toBeGreaterThan(3590);
    }
  });

  it('drops records past the retention at the next write and never answers them', async () => {
    const old = record(now, 'flow_a', 200);
    await store.append(old);
    now += 3601 * 1000;
    expect((await store.query(projectId, { limit: 10 })).items).toEqual([]);
    await store.append(record(now, 'flow_a', 500));
    expect(await redis.hexists(store.keys(projectId).records, old.id)).toBe(0);
    expect(await redis.zcard(store.keys(projectId).all)).toBe(1);
    expect(await redis.zcard(store.keys(projectId).flow('flow_a'))).toBe(1);
  });

  it('keeps at most the cap of records a project, dropping the oldest', async () => {
    store = new LogStore(redis, prefix, 3600, 3, () => now);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = record(now + i, 'flow_a', 200);
      ids.push(r.id);
      await store.append(r);
    }
    const { items } = await store.query(projectId, { limit: 10 });
    expect(items.map((r) => r.id)).toEqual(ids.slice(2).reverse());
    expect(await redis.hlen(store.keys(projectId).records)).toBe(3);
  });

  it('filters by flow, severity and time range, newest first, and pages with a cursor', async () => {
    const statuses = [200, 404, 500, 201, 429, 503];
    const written: LogRecord[] = [];
    for (let i = 0; i < 30; i++) {
      const r = record(now - 60_000 + i * 1000, i % 2 ? 'flow_b' : 'flow_a', statuses[i % statuses.length]);
      written.push(r);
      await store.append(r);
    }
    const newestFirst = [...written].reverse();
    const pages = await allPages({ limit: 7 });
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 2]);
    expect(pages.flat().map((r) => r.id)).toEqual(newestFirst.map((r) => r.id));

    const flowB = await allPages({ flowId: 'flow_b', limit: 4 });
    expect(flowB.flat().map((r) => r.id)).toEqual(newestFirst.filter((r) => r.flowId === 'flow_b').map((r) => r.id));

    const errors = (await store.query(projectId, { severity: 'ERROR', limit: 50 })).items;
    expect(errors.map((r) => r.responseStatus).sort()).toEqual(Array(10).fill(0).map((_, i) => (i < 5 ? 500 : 503)));
    const warnA = (await store.query(projectId, { flowId: 'flow_a', severity: 'WARN', limit: 50 })).items;
    expect(warnA.every((r) => r.flowId === 'flow_a' && r.severity === 'WARN')).toBe(true);
    expect(warnA).toHaveLength(written.filter((r) => r.flowId === 'flow_a' && r.severity === 'WARN').length);

    const from = written[10].timestamp;
    const to = written[14].timestamp;
    const range = (await store.query(projectId, { from, to, limit: 50 })).items;
    expect(range.map((r) => r.id)).toEqual(written.slice(10, 15).reverse().map((r) => r.id));
  });

  it('pages through records of the same millisecond without losing or repeating one', async () => {
    const written = Array.from({ length: 9 }, () => record(now, 'flow_a', 200));
    for (const r of written) await store.append(r);
    const pages = await allPages({ limit: 2 });
    const ids = pages.flat().map((r) => r.id);
    expect(ids).toHaveLength(9);
    expect(new Set(ids)).toEqual(new Set(written.map((r) => r.id)));
    expect(pages.at(-1)).toHaveLength(1);
  });

  it('says there is no next page when the last page is full', async () => {
    for (let i = 0; i < 4; i++) await store.append(record(now + i, 'flow_a', 200));
    const first = await store.query(projectId, { limit: 2 });
    expect(first.nextCursor).not.toBeNull();
    const second = await store.query(projectId, { limit: 2, cursor: first.nextCursor! });
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
  });

  it("writes a record once: a run's record id comes from the run id", async () => {
    const id = LogStore.newId('run_0123abcd');
    expect(id).toBe('log_0123abcd');
    expect(await store.append(record(now, 'flow_a', 200, id))).toBe(true);
    expect(await store.append(record(now + 5, 'flow_a', 500, id))).toBe(false);
    const { items } = await store.query(projectId, { limit: 10 });
    expect(items).toHaveLength(1);
    expect(items[0].responseStatus).toBe(200);
    expect(await redis.zcard(store.keys(projectId).severity('ERROR'))).toBe(0);
  });

  it('refuses cursors it did not make', () => {
    const id = LogStore.newId();
    expect(decodeCursor(encodeCursor(5, id))).toEqual({ ts: 5, id });
    for (const bad of ['nope', Buffer.from('5:x').toString('base64url'), '']) expect(() => decodeCursor(bad)).toThrow(InvalidCursorError);
  });
});
