/**
 * The vector store is opened lazily (runtime/services/vectors/lazy-store.ts): a started weft has not loaded
 * it; the first vector node run opens it; concurrent first calls share one opening; a failed
 * opening reaches its callers and the next call tries again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { lazyVectorStore } from './lazy-store.ts';
import type { VectorStore } from './store.ts';

describe('lazyVectorStore', () => {
  it('opens nothing until asked, shares one opening, and retries after a failure', async () => {
    let opens = 0;
    const store = { close: async () => {} } as VectorStore;
    const lazy = lazyVectorStore('unused', undefined, async () => {
      opens += 1;
      if (opens === 1) throw new Error('PGlite did not start');
      return store;
    });
    expect(lazy.started).toBe(false);
    expect(opens).toBe(0);
    const [a, b] = await Promise.allSettled([lazy.get(), lazy.get()]);
    expect(opens).toBe(1);
    expect(a).toMatchObject({ status: 'rejected', reason: { message: 'PGlite did not start' } });
    expect(b).toMatchObject({ status: 'rejected', reason: { message: 'PGlite did not start' } });
    const [c, d] = await Promise.all([lazy.get(), lazy.get()]);
    expect(opens).toBe(2);
    expect(c).toBe(store);
    expect(d).toBe(store);
    expect(lazy.started).toBe(true);
  });
});

describe('a started weft', () => {
  let weft: TestWeft;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'weft-lazy-vectors-'));
    weft = await startTestWeft({ dataDir });
  });
  afterAll(async () => {
    await weft?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has not loaded the vector store; the first vector node run opens it', { timeout: 60_000 }, async () => {
    expect(weft.vectorStore.started).toBe(false);
    const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Lazy vectors' })).id;
    const nodes = [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
      { id: 'vectorDb_1', type: 'vectorDbNode', position: { x: 0, y: 0 }, values: { vectorDB: 'Docs', action: 'filter', filters: { doc: 'a' } } },
    ];
    const edges = [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'vectorDb_1', targetHandle: 'in' }];
    const flow = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'search', nodes, edges });
    expect(weft.vectorStore.started).toBe(false);
    const { runId } = await weft.api<{ runId: string }>('POST', `/api/flows/${flow.id}/runs`, { input: {} });
    const events = await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers });
    // the store answered: the collection was looked up in it (and is not there yet)
    expect(JSON.stringify(events.at(-1))).toContain('Collection not found');
    expect(weft.vectorStore.started).toBe(true);
    await expect(weft.vectorStore.get()).resolves.toBeDefined();
  });
});
