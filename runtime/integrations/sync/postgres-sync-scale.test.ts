/**
 * Scale check of a Postgres sync through the engine (skipped unless WEFT_SCALE=1): a 100,000-row
 * table (about 500 bytes a row) synced by `npm run sync -- <flowId>` in batches of 1000 (100
 * runs of a flow Postgres trigger → code, run by this process's workers), timed and measured
 * with /usr/bin/time -v (the peak RSS of the process that syncs); then 10 rows updated and the
 * second sync measured the same way (it reads those 10 only). Prints the figures. Run:
 * WEFT_SCALE=1 npx vitest run runtime/integrations/sync/postgres-sync-scale.test.ts (WEFT_SCALE_ROWS: another size;
 * WEFT_SCALE_NODE_OPTIONS: the command's NODE_OPTIONS, e.g. --max-old-space-size=96)
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import { createTestDatabase, type TestDatabase } from '../../services/postgres/testing/test-database.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { paidProjectWith, runsEnded, sourceFlow } from './testing/sync-flows.ts';

const ROWS = Number(process.env.WEFT_SCALE_ROWS ?? 100_000);
const BATCH = 1000;
let weft: TestWeft;
let db: TestDatabase;

interface Measured {
  code: number;
  summary: string;
  wallSeconds: number;
  maxRssMB: number;
}

/** `npm run sync -- <flowId>` under /usr/bin/time -v, against this test's Redis, prefix and database */
async function timedSync(flowId: string): Promise<Measured> {
  const child = spawn('/usr/bin/time', ['-v', 'npm', 'run', '--silent', 'sync', '--', flowId], {
    env: { ...process.env, WEFT_PREFIX: weft.prefix, WEFT_OUTBOUND_ALLOW: db.hostPort, NODE_OPTIONS: process.env.WEFT_SCALE_NODE_OPTIONS ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number>((ok) => child.once('exit', (c) => ok(c ?? -1)));
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(err);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(err);
  if (!wall || !rss) throw new Error(`no figures from /usr/bin/time: ${err}`);
  return {
    code,
    summary: out.trim().split('\n').at(-1) ?? '',
    wallSeconds: Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]),
    maxRssMB: Math.round(Number(rss[1]) / 102.4) / 10,
  };
}

beforeAll(async () => {
  if (!process.env.WEFT_SCALE) return;
  db = await createTestDatabase();
  await db.sql('CREATE TABLE events (id bigint PRIMARY KEY, kind text, payload text, at timestamptz)');
  await db.sql(`INSERT INTO events SELECT g, 'kind ' || (g % 7), repeat(md5(g::text), 15), now() FROM generate_series(1, ${ROWS}) g`);
  // this process keeps the job and runs the flow's runs; the command runs the syncs
  weft = await startTestWeft({ outboundAllow: [db.hostPort], sync: { worker: false } });
}, 120_000);
afterAll(async () => {
  await weft?.close();
  await db?.drop();
});

describe.skipIf(!process.env.WEFT_SCALE)('a Postgres sync at scale, through the engine', () => {
  it(`syncs ${ROWS} rows in batches of ${BATCH} with npm run sync, then only 10 updated rows`, async () => {
    // 100 runs a sync: more than a starter plan's daily requests
    const projectId = await paidProjectWith(weft, 'Events', 'postgres', db.credential);
    const values = { credentials: 'Events', schemas: ['public'], tables: ['events'], batchSize: BATCH };
    const code = 'return { stream: input.stream, count: input.records.length };';
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Events', ...sourceFlow('postgresTriggerNode', values, code) });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });

    const first = await timedSync(flow.id);
    expect(first.code).toBe(0);
    expect(first.summary).toMatch(new RegExp(`succeeded: ${ROWS} records read, ${ROWS} written`));
    const runs = await runsEnded(weft.engine, flow.id, ROWS / BATCH, 300_000);
    expect(runs.every((run) => run.meta.status === 'completed')).toBe(true);
    expect(runs.reduce((sum, run) => sum + (run.output as { count: number }).count, 0)).toBe(ROWS);

    await db.sql("UPDATE events SET kind = 'updated' WHERE id IN (7, 700, 7000, 17000, 27000, 37000, 47000, 57000, 77000, 97000)");
    const second = await timedSync(flow.id);
    expect(second.code).toBe(0);
    expect(second.summary).toMatch(/succeeded: 10 records read, 10 written/);
    const tableMB = Number((await db.sql("SELECT pg_total_relation_size('events') AS n")).rows[0].n) / 1024 / 1024;
    console.log(`postgres sync scale check: ${JSON.stringify({ rows: ROWS, batchSize: BATCH, tableMB: Number(tableMB.toFixed(1)), first, second })}`);
  }, 600_000);
});
