/**
 * The Postgres source reader against the machine's PostgreSQL (a database of its own): batches of
 * batchSize rows per table, a second incremental sync reading only the rows changed since, a
 * transaction open during a sync caught by the next one, full refresh, resuming an interrupted
 * sync, xmin widened across a wrap-around, and check()'s texts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllowList } from '../outbound/address-policy.ts';
import { postgresAccess, type PostgresPools } from '../postgres/postgres-access.ts';
import { createTestDatabase, type TestDatabase } from '../postgres/testing/test-database.ts';
import type { SourceBatch } from './types.ts';
import { postgresReader as reader } from '../../../catalogue/data-source/postgres-trigger-node/sync-reader.ts';
import { widenedXmin } from '../../../catalogue/data-source/postgres-trigger-node/postgres-xmin.ts';

let db: TestDatabase;
let pools: PostgresPools;

interface Sync {
  batches: SourceBatch[];
  total: number;
  /** the ids read, per stream, in order */
  ids: Record<string, number[]>;
  cursor: unknown;
}

async function sync(values: Record<string, unknown>, cursor: unknown = null, batchSize = 10, stopAfter = Infinity): Promise<Sync> {
  const result: Sync = { batches: [], total: -1, ids: {}, cursor };
  const reading = reader.read({
    projectId: 'project_1', flowId: 'flow_1', values: { syncMode: 'incremental_append', schemas: ['public'], ...values }, credential: db.credential,
    cursor, batchSize, http: null as never, services: { postgres: pools }, signal: new AbortController().signal, total: (n) => (result.total = n),
  });
  for await (const batch of reading) {
    result.batches.push(batch);
    result.cursor = batch.cursor;
    for (const run of batch.runs as Array<{ records: Array<{ id: number }>; stream: string }>) (result.ids[run.stream] ??= []).push(...run.records.map((r) => r.id));
    if (result.batches.length >= stopAfter) break;
  }
  return result;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql('CREATE TABLE orders (id int PRIMARY KEY, item text, placed timestamptz)');
  await db.sql("INSERT INTO orders SELECT g, 'item ' || g, '2026-01-01T00:00:00Z' FROM generate_series(1, 45) g");
  await db.sql('CREATE SCHEMA sales');
  await db.sql('CREATE TABLE sales."Big Customers" (id int PRIMARY KEY, name text)');
  await db.sql("INSERT INTO sales.\"Big Customers\" VALUES (1, 'Ada'), (2, 'Bob')");
  pools = postgresAccess({ allow: new AllowList([db.hostPort]) });
});
afterAll(async () => {
  await pools?.close();
  await db?.drop();
});

describe('the Postgres source reader', () => {
  it('reads a table in batches of batchSize, each one run with {records, stream}, and knows the total', async () => {
    const first = await sync({ tables: ['public.orders'] });
    expect(first.batches.map((b) => b.records)).toEqual([10, 10, 10, 10, 5]);
    expect(first.total).toBe(45);
    expect(first.ids['public.orders']).toEqual(range(1, 45));
    expect(first.batches[0].runs).toHaveLength(1);
    expect((first.batches[0].runs[0] as { records: unknown[] }).records[0]).toEqual({ id: 1, item: 'item 1', placed: '2026-01-01 00:00:00+00' });
  });

  it('a second incremental sync reads only the 10 rows updated or inserted since', async () => {
    const first = await sync({ tables: ['orders'] });
    expect(first.ids['public.orders']).toHaveLength(45);
    await db.sql("UPDATE orders SET item = 'changed' WHERE id IN (3, 7, 11, 19, 23)");
    await db.sql("INSERT INTO orders SELECT g, 'new ' || g, now() FROM generate_series(46, 50) g");
    const second = await sync({ tables: ['orders'] }, first.cursor);
    expect(second.total).toBe(10);
    expect(second.ids['public.orders']).toEqual([3, 7, 11, 19, 23, 46, 47, 48, 49, 50]);
    const third = await sync({ tables: ['orders'] }, second.cursor);
    expect(third.batches).toEqual([]);
    expect(third.total).toBe(0);
  });

  it('catches next time the rows of a transaction that was still open during a sync', async () => {
    const before = await sync({ tables: ['orders'] });
    const open = await db.sessionInTransaction("UPDATE orders SET item = 'slow' WHERE id = 42");
    await db.sql("UPDATE orders SET item = 'quick' WHERE id = 2");
    const during = await sync({ tables: ['orders'] }, before.cursor);
    expect(during.ids['public.orders']).toEqual([2]);
    await open.commit();
    const after = await sync({ tables: ['orders'] }, during.cursor);
    expect(after.ids['public.orders']).toEqual([42]);
  });

  it('full refresh reads every row, every time', async () => {
    const values = { syncMode: 'full_refresh_append', tables: ['public.orders'] };
    const first = await sync(values);
    const second = await sync(values, first.cursor);
    expect(first.ids['public.orders']).toHaveLength(50);
    expect(second.ids['public.orders']).toHaveLength(50);
    expect(second.total).toBe(50);
  });

  it('reads every table of the chosen schemas when no table is chosen, quoted names too', async () => {
    const all = await sync({ schemas: ['public', 'sales'], tables: [] }, null, 100);
    expect(Object.keys(all.ids)).toEqual(['public.orders', 'sales.Big Customers']);
    expect(all.ids['sales.Big Customers']).toEqual([1, 2]);
    expect(all.total).toBe(52);
  });

  it('resumes an interrupted sync after its last batch, and starts none of its rows twice', async () => {
    const interrupted = await sync({ tables: ['orders'] }, null, 20, 1);
    expect(interrupted.ids['public.orders']).toHaveLength(20);
    const resumed = await sync({ tables: ['orders'] }, interrupted.cursor, 20);
    expect([...interrupted.ids['public.orders'], ...resumed.ids['public.orders']].sort((a, b) => a - b)).toEqual(range(1, 50));
    // the connection went back to the pool when the reading stopped early
    expect((await db.sql("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'idle in transaction'", [db.name])).rows[0].n).toBe(0);
  });

  it('loses no row of a transaction open when a sync was interrupted and committed before it resumed', async () => {
    await db.sql('CREATE TABLE ledger (id int PRIMARY KEY, note text)');
    await db.sql("INSERT INTO ledger SELECT g, 'first' FROM generate_series(1, 30) g");
    // a transaction opened before the sync, with an id below the rows written after it
    const open = await db.sessionInTransaction("UPDATE ledger SET note = 'late' WHERE id = 1");
    await db.sql("UPDATE ledger SET note = 'second' WHERE id > 10");
    const interrupted = await sync({ tables: ['ledger'] }, null, 15, 1);
    expect(interrupted.ids['public.ledger']).toHaveLength(15);
    await open.commit();
    const resumed = await sync({ tables: ['ledger'] }, interrupted.cursor, 15);
    expect([...interrupted.ids['public.ledger'], ...resumed.ids['public.ledger']].sort((a, b) => a - b)).toEqual(range(1, 30));
    // the row the open transaction changed: read by the next sync, not lost
    const next = await sync({ tables: ['ledger'] }, resumed.cursor, 15);
    expect(next.ids['public.ledger']).toEqual([1]);
  });

  it('widens xmin across a wrap-around: a row of the epoch before sorts before one of this epoch', async () => {
    const epoch = 2n ** 32n;
    const xmax = (3n * epoch + 100n).toString();
    const widen = async (raw: bigint) => String((await db.sql(`SELECT ${widenedXmin('$1', '$2::bigint')} AS full`, [xmax, raw.toString()])).rows[0].full);
    expect(await widen(50n)).toBe((3n * epoch + 50n).toString());
    expect(await widen(epoch - 10n)).toBe((3n * epoch - 10n).toString());
    expect(BigInt(await widen(epoch - 10n))).toBeLessThan(BigInt(await widen(50n)));
  });

  it('check(): the credential’s required fields, the schemas and the tables, with the spec’s setup text', () => {
    const values = { credentials: 'Warehouse', schemas: ['public'], tables: ['orders'] };
    expect(() => reader.check(values, db.credential)).not.toThrow();
    expect(() => reader.check({ ...values, credentials: '' }, {})).toThrow(
      'Unable to create the source for Postgres: Credential is required; Host is required; Port is required; Database is required; Username is required; Password is required; SSL mode is required',
    );
    expect(() => reader.check({ ...values, schemas: [] }, db.credential)).toThrow('Unable to create the source for Postgres: Schemas is required');
    expect(() => reader.check({ ...values, schemas: ['public', 'sales'], tables: ['orders'] }, db.credential)).toThrow(
      'Unable to create the source for Postgres: Table orders: name it as schema.table, with one of the chosen schemas (public, sales)',
    );
    expect(reader.recreateOn).toEqual(['credentials', 'schemas', 'tables']);
    expect(reader.resyncOn).toEqual(['batchSize']);
  });
});
