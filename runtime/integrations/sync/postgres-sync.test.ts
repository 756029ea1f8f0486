/**
 * The Postgres source through the whole server, against the machine's PostgreSQL (a database of
 * its own): a Postgres credential in a project, a flow Postgres trigger → code deployed through
 * the API; the first sync runs the flow once per batch with {records, stream} and the runs
 * complete; the job's state counts the records; 10 rows updated and a sync run now reads only
 * those 10; stopping the flow deletes the job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import { createTestDatabase, type TestDatabase } from '../../services/postgres/testing/test-database.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { newRunsEnded, runsEnded, sourceFlow, syncsEnded } from './testing/sync-flows.ts';
import type { SyncJobState } from '../../services/sync-sources/types.ts';

let weft: TestWeft;
let db: TestDatabase;
let projectId = '';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const REPORT = 'return { stream: input.stream, ids: input.records.map((r) => r.id), items: input.records.map((r) => r.item) };';
interface Report {
  stream: string;
  ids: number[];
  items: string[];
}

beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql('CREATE TABLE orders (id int PRIMARY KEY, item text, placed timestamptz)');
  await db.sql("INSERT INTO orders SELECT g, 'item ' || g, '2026-01-01T00:00:00Z' FROM generate_series(1, 45) g");
  weft = await startTestWeft({ outboundAllow: [db.hostPort] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Warehouse sync' })).id;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'Warehouse', credential_type: 'postgres', credentials: { ...db.credential, port: String(db.credential.port) } });
});
afterAll(async () => {
  await weft?.close();
  await db?.drop();
});

describe('a Postgres data-source flow, deployed through the API', () => {
  it('syncs the table in batches, then only the rows changed, and loses its job when stopped', async () => {
    const values = { credentials: 'Warehouse', schemas: ['public'], tables: ['public.orders'], batchSize: 10 };
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Orders', ...sourceFlow('postgresTriggerNode', values, REPORT) });
    expect((await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' })).status).toBe(200);

    const first = await syncsEnded(weft, flow.id, 1);
    expect(first).toMatchObject({ state: 'active', engine: 'embedded', lastRun: { status: 'succeeded', recordsRead: 45, recordsWritten: 45 }, config: { status: 'active' } });
    const firstRuns = await runsEnded(weft.engine, flow.id, 5);
    expect(firstRuns).toHaveLength(5);
    expect(firstRuns.map((run) => run.meta.status)).toEqual(Array(5).fill('completed'));
    expect(firstRuns.every((run) => run.meta.mode === 'production')).toBe(true);
    const reports = firstRuns.map((run) => run.output as Report);
    expect(reports.map((report) => report.stream)).toEqual(Array(5).fill('public.orders'));
    expect(reports.map((report) => report.ids.length).sort()).toEqual([10, 10, 10, 10, 5]);
    expect(reports.flatMap((report) => report.ids).sort((a, b) => a - b)).toEqual(range(1, 45));
    // the trigger's input is the batch as the reader gave it: whole rows, dates as Postgres's text
    const input = firstRuns[0].meta.input as { records: Record<string, unknown>[]; stream: string };
    expect(input.records[0]).toMatchObject({ item: expect.stringMatching(/^item \d+$/), placed: '2026-01-01 00:00:00+00' });

    await db.sql("UPDATE orders SET item = 'changed ' || id WHERE id IN (2, 5, 9, 14, 18, 22, 27, 33, 38, 44)");
    const started = await weft.api<{ syncId: string }>('POST', `/api/flows/${flow.id}/sync/run`);
    const second = await syncsEnded(weft, flow.id, 2);
    expect(second.lastRun).toMatchObject({ id: started.syncId, status: 'succeeded', recordsRead: 10, recordsWritten: 10 });
    const [changed, ...more] = await newRunsEnded(weft.engine, flow.id, firstRuns, 1);
    expect(more).toEqual([]);
    expect(changed.meta.status).toBe('completed');
    expect(changed.output).toEqual({ stream: 'public.orders', ids: [2, 5, 9, 14, 18, 22, 27, 33, 38, 44], items: [2, 5, 9, 14, 18, 22, 27, 33, 38, 44].map((id) => `changed ${id}`) });

    // stopping the flow deletes the job: the record inactive with nulls, no sync to run
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'inactive' });
    const stopped = await weft.api<SyncJobState>('GET', `/api/flows/${flow.id}/sync`);
    expect(stopped).toMatchObject({ state: 'inactive', nextRunAt: null, config: { source: null, destination: null, connection: null, status: 'inactive', credentialId: null } });
    expect((await weft.request('POST', `/api/flows/${flow.id}/sync/run`)).status).toBe(400);
  });

  it('follows the update rules on a new deploy: batchSize syncs again from the cursor, new tables from scratch', async () => {
    await db.sql('CREATE TABLE returns (id int PRIMARY KEY, item text)');
    await db.sql("INSERT INTO returns SELECT g, 'return ' || g FROM generate_series(1, 4) g");
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, {
      name: 'Rules', ...sourceFlow('postgresTriggerNode', { credentials: 'Warehouse', schemas: ['public'], tables: ['orders'], batchSize: 20 }, REPORT),
    });
    const deploy = async (values: Record<string, unknown>) => {
      await weft.api('PUT', `/api/flows/${flow.id}`, sourceFlow('postgresTriggerNode', { credentials: 'Warehouse', schemas: ['public'], ...values }, REPORT));
      expect((await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' })).status).toBe(200);
    };
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const first = await syncsEnded(weft, flow.id, 1);
    expect(first.lastRun).toMatchObject({ recordsRead: 45 });
    // batchSize only (resyncOn): the same source, a sync from the cursor (nothing changed since)
    await deploy({ tables: ['orders'], batchSize: 7 });
    const resynced = await syncsEnded(weft, flow.id, 2);
    expect(resynced.config.source).toBe(first.config.source);
    expect(resynced.lastRun).toMatchObject({ status: 'succeeded', recordsRead: 0 });
    // tables (recreateOn): a new source, read from scratch
    await deploy({ tables: ['orders', 'returns'], batchSize: 50 });
    const remade = await syncsEnded(weft, flow.id, 3);
    expect(remade.config.source).not.toBe(first.config.source);
    expect(remade.lastRun).toMatchObject({ status: 'succeeded', recordsRead: 49 });
    const runs = await runsEnded(weft.engine, flow.id, 5);
    expect(runs.slice(-2).map((run) => (run.output as Report).stream).sort()).toEqual(['public.orders', 'public.returns']);
  }, 60_000);

  it('fails the sync with the database’s own words when it cannot read, and starts no run', async () => {
    await weft.api('POST', `/api/projects/${projectId}/credentials`, {
      name: 'Gone', credential_type: 'postgres', credentials: { ...db.credential, port: String(db.credential.port), dbName: 'weft_no_such_database' },
    });
    const values = { credentials: 'Gone', schemas: ['public'], tables: ['orders'] };
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Gone', ...sourceFlow('postgresTriggerNode', values, REPORT) });
    expect((await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' })).status).toBe(200);
    const failed = await syncsEnded(weft, flow.id, 1);
    expect(failed).toMatchObject({ state: 'failed', lastRun: { status: 'failed', recordsRead: 0, error: expect.stringMatching(/^Postgres error: .*weft_no_such_database/) } });
    expect(await weft.engine.history(flow.id)).toEqual([]);
  });
});
