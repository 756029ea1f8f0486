/**
 * Scale check of the Postgres source reader (skipped unless WEFT_SCALE=1): a 100,000-row table of
 * about 50 MB synced in batches of 1000 on the machine's PostgreSQL, printing the time and the
 * process's memory. The reader holds at most two batches, so the memory it keeps alive stays far
 * below the table's size (with --expose-gc the live heap is measured after a collection every
 * 10 batches, and checked). Run:
 * WEFT_SCALE=1 NODE_OPTIONS=--expose-gc npx vitest run runtime/services/sync-sources/postgres-scale.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllowList } from '../outbound/address-policy.ts';
import { postgresAccess, type PostgresPools } from '../postgres/postgres-access.ts';
import { createTestDatabase, type TestDatabase } from '../postgres/testing/test-database.ts';
import { postgresReader as reader } from '../../../catalogue/data-source/postgres-trigger-node/sync-reader.ts';

const ROWS = 100_000;
const BATCH = 1000;
const MB = 1024 * 1024;

let db: TestDatabase;
let pools: PostgresPools;

beforeAll(async () => {
  if (!process.env.WEFT_SCALE) return;
  db = await createTestDatabase();
  await db.sql('CREATE TABLE events (id bigint PRIMARY KEY, kind text, payload text, at timestamptz)');
  // about 500 bytes a row
  await db.sql(`INSERT INTO events SELECT g, 'kind ' || (g % 7), repeat(md5(g::text), 15), now() FROM generate_series(1, ${ROWS}) g`);
  pools = postgresAccess({ allow: new AllowList([db.hostPort]) });
}, 120_000);
afterAll(async () => {
  await pools?.close();
  await db?.drop();
});

describe.skipIf(!process.env.WEFT_SCALE)('the Postgres reader at scale', () => {
  it(`syncs ${ROWS} rows in batches of ${BATCH} with bounded memory`, async () => {
        const tableBytes = Number((await db.sql("SELECT pg_total_relation_size('events') AS n")).rows[0].n);
    globalThis.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    let peakLiveHeap = before.heapUsed;
    let rows = 0;
    let batches = 0;
    const started = performance.now();
    const reading = reader.read({
      projectId: 'p', flowId: 'f', values: { syncMode: 'incremental_append', schemas: ['public'], tables: ['public.events'] }, credential: db.credential,
      cursor: null, batchSize: BATCH, http: null as never, services: { postgres: pools }, signal: new AbortController().signal, total: () => undefined,
    });
    for await (const batch of reading) {
      rows += batch.records;
      batches += 1;
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
      if (globalThis.gc && batches % 10 === 0) {
        globalThis.gc();
        peakLiveHeap = Math.max(peakLiveHeap, process.memoryUsage().heapUsed);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const figures = {
      rows,
      batches,
      seconds: Number(seconds.toFixed(2)),
      rowsPerSecond: Math.round(rows / seconds),
      tableMB: Number((tableBytes / MB).toFixed(1)),
      rssBeforeMB: Number((before.rss / MB).toFixed(1)),
      peakRssMB: Number((peakRss / MB).toFixed(1)),
      peakHeapGrowthMB: Number(((peakHeap - before.heapUsed) / MB).toFixed(1)),
      peakLiveHeapGrowthMB: globalThis.gc ? Number(((peakLiveHeap - before.heapUsed) / MB).toFixed(1)) : 'run with --expose-gc',
      maxRssOfProcessMB: Number((process.resourceUsage().maxRSS / 1024).toFixed(1)),
    };
    console.log(`postgres reader scale check: ${JSON.stringify(figures)}`);
    expect(rows).toBe(ROWS);
    expect(batches).toBe(ROWS / BATCH);
    // what stays alive: about two batches of ~0.5 MB each, far below the table
    if (globalThis.gc) expect(peakLiveHeap - before.heapUsed).toBeLessThan(tableBytes / 5);
  }, 300_000);
});
