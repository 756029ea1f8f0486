/**
 * A Postgres sync survives its worker: a weft process killed (SIGKILL) in the middle of a
 * Postgres sync (its connection, transaction and server-side cursor die with it) is resumed by
 * another process at its last stored batch; every row of the table starts exactly one run.
 * The resumed sync is the same sync (its id), and a later incremental sync reads nothing again.
 */
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import { createTestDatabase, type TestDatabase } from '../../services/postgres/testing/test-database.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { crashWorkers, type CrashWorkers } from './testing/crash-workers.ts';
import { syncStateWhen } from './testing/sync-test-helpers.ts';
import { paidProjectWith, runsEnded, syncsEnded } from './testing/sync-flows.ts';

const ROWS = 240;
let weft: TestWeft;
let db: TestDatabase;
let workers: CrashWorkers;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql('CREATE TABLE readings (id int PRIMARY KEY, value text)');
  await db.sql(`INSERT INTO readings SELECT g, 'reading ' || g FROM generate_series(1, ${ROWS}) g`);
  // this process keeps the jobs and answers the routes; the syncs run in the child processes
  weft = await startTestWeft({ outboundAllow: [db.hostPort], sync: { worker: false, lockMs: 1500 } });
  workers = crashWorkers(weft.prefix);
});
afterAll(async () => {
  workers?.killAll();
  await weft?.close();
  await db?.drop();
});

describe('a Postgres sync whose worker dies', () => {
  it('is resumed by another process: no row lost, none run twice', async () => {
    const env = { WEFT_OUTBOUND_ALLOW: db.hostPort };
    const first = await workers.start(env);
    const projectId = await paidProjectWith(weft, 'Meters', 'postgres', db.credential);
    const values = { credentials: 'Meters', schemas: ['public'], tables: ['readings'], batchSize: 2 };
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, {
      name: 'Readings', nodes: [{ id: 'source_1', type: 'postgresTriggerNode', position: { x: 0, y: 0 }, values }], edges: [],
    });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    await syncStateWhen(weft, flow.id, (s) => (s.progress?.read ?? 0) >= 20);
    await workers.kill(first);
    const redis = new Redis(process.env.REDIS_URL!);
    const progressKey = `${weft.prefix}{sync:${flow.id}}:progress`;
    const [killedSync, readAtKill] = await redis.hmget(progressKey, 'syncId', 'read');
    expect(Number(readAtKill)).toBeGreaterThanOrEqual(20);
    expect(Number(readAtKill)).toBeLessThan(ROWS);

    await workers.start(env);
    const done = await syncStateWhen(weft, flow.id, (s) => s.lastRun?.status === 'succeeded', 60_000);
    expect(done.lastRun).toMatchObject({ id: killedSync, status: 'succeeded', recordsRead: ROWS, recordsWritten: ROWS });
    expect(await redis.exists(progressKey)).toBe(0);
    redis.disconnect();
    const runs = await runsEnded(weft.engine, flow.id, ROWS / 2, 60_000);
    expect(runs).toHaveLength(ROWS / 2);
    expect(runs.every((run) => run.meta.status === 'completed')).toBe(true);
    const ids = runs.flatMap((run) => (run.meta.input as { records: { id: number }[] }).records.map((record) => record.id));
    expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));

    // the cursor the resumed sync left: the next sync reads nothing
    await weft.api('POST', `/api/flows/${flow.id}/sync/run`);
    expect((await syncsEnded(weft, flow.id, 2)).lastRun).toMatchObject({ status: 'succeeded', recordsRead: 0 });
  }, 120_000);
});
