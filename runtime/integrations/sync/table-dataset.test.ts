/**
 * Flow tests from a data source's table, through the whole server, against the machine's
 * PostgreSQL (a database of its own): a Postgres data-source flow of the project names the
 * table; its rows become cases (input and expected columns), which a suite runs; a faulty body is
 * a 400 naming the field, a table over the row limit a 413, and nothing is added then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SuiteRun, TestCase } from '../../../contract/flow-tests.ts';
import { sourceFlow } from './testing/sync-flows.ts';
import { createTestDatabase, type TestDatabase } from '../../services/postgres/testing/test-database.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let db: TestDatabase;
let flowId = '';
let sourceId = '';
const at = { x: 0, y: 0 };

async function refusal(body: Record<string, unknown>): Promise<{ status: number; message: string }> {
  const answer = await weft.request('POST', `/api/flows/${flowId}/tests/dataset`, body);
  return { status: answer.status, message: ((await answer.json()) as { error: { message: string } }).error.message };
}

beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql('CREATE TABLE greetings (id int PRIMARY KEY, who text, greeting text)');
  await db.sql("INSERT INTO greetings VALUES (1, 'Ada', 'Hello Ada'), (2, 'Grace', 'Hi Grace')");
  await db.sql('CREATE TABLE many (id int PRIMARY KEY)');
  await db.sql('INSERT INTO many SELECT g FROM generate_series(1, 501) g');
  weft = await startTestWeft({ outboundAllow: [db.hostPort] });
  const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Table tests' })).id;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'Warehouse', credential_type: 'postgres', credentials: { ...db.credential, port: String(db.credential.port) } });
  const source = { credentials: 'Warehouse', schemas: ['public'], tables: ['public.greetings', 'public.many'], batchSize: 100 };
  sourceId = (await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Warehouse rows', ...sourceFlow('postgresTriggerNode', source, 'return input;') })).id;
  const nodes = [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'greeting', value: 'Hello {{trigger.output.who}}' }] } },
  ];
  const edges = [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' }];
  flowId = (await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Greeter', nodes, edges })).id;
});
afterAll(async () => {
  await weft?.close();
  await db?.drop();
});

describe('a dataset from a data source table', () => {
  it('refuses a faulty body naming the field, and a table over the row limit, adding nothing', async () => {
    expect(await refusal({ table: { sourceId, table: 'public.greetings' } })).toEqual({ status: 400, message: 'inputColumns must be a list of column names (at least one)' });
    expect(await refusal({ table: { table: 'public.greetings' }, inputColumns: ['who'] })).toEqual({ status: 400, message: 'table.sourceId must be the id of a data-source flow' });
    expect(await refusal({ table: { sourceId: flowId, table: 'public.greetings' }, inputColumns: ['who'] })).toEqual({ status: 400, message: `table.sourceId names no data-source flow of the project: ${flowId}` });
    expect(await refusal({ table: { sourceId, table: 'public.greetings' }, inputColumns: ['who'], expectedColumns: ['salute'] })).toEqual({ status: 400, message: "expectedColumns[0] 'salute' is no column of table 'public.greetings'" });
    expect(await refusal({ table: { sourceId, table: 'public.nothing' }, inputColumns: ['who'] })).toEqual({ status: 400, message: "table.table 'public.nothing' has no rows in Warehouse rows; it has 'public.greetings', 'public.many'" });
    expect(await refusal({ table: { sourceId, table: 'public.many' }, inputColumns: ['id'] })).toEqual({ status: 413, message: 'A dataset has at most 500 rows' });
    expect(await weft.api<TestCase[]>('GET', `/api/flows/${flowId}/tests`)).toEqual([]);
  });

  it("makes a case of each row, which a suite runs: one passes, one fails with the row's expected value in its diff", async () => {
    const made = await weft.api<TestCase[]>('POST', `/api/flows/${flowId}/tests/dataset`, { table: { sourceId, table: 'public.greetings' }, inputColumns: ['who'], expectedColumns: ['greeting'], nameColumn: 'who' });
    expect(made.map((c) => [c.name, c.input, c.checks])).toEqual([
      ['Ada', { who: 'Ada' }, [{ kind: 'equals', path: 'greeting', expected: 'Hello Ada' }]],
      ['Grace', { who: 'Grace' }, [{ kind: 'equals', path: 'greeting', expected: 'Hi Grace' }]],
    ]);
    const { suiteRunId } = await weft.api<{ suiteRunId: string }>('POST', `/api/flows/${flowId}/tests/run`, {});
    let suite: SuiteRun | undefined;
    for (let i = 0; i < 300 && suite?.status !== 'completed'; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      suite = await weft.api<SuiteRun>('GET', `/api/flows/${flowId}/tests/runs/${suiteRunId}`);
    }
    expect(suite).toMatchObject({ status: 'completed', passed: 1, failed: 1, checkRates: [{ label: 'equals at greeting', kind: 'equals', passed: 1, total: 2, rate: 0.5 }] });
    expect(suite!.cases.find((c) => c.name === 'Grace')!.checks[0].diff).toEqual([{ path: '', expected: 'Hi Grace', actual: 'Hello Grace' }]);
  });
});
