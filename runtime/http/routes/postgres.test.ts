/**
 * The Postgres helper routes (spec 001 §2, §7), the dropdowns and a flow with the query node,
 * through the whole server, against the machine's PostgreSQL (a database of its own): schemas and
 * tables of a saved credential by name or of the form's fields, empty lists when the database
 * fails, testConnection and testCreds/postgres, the project check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { createTestDatabase, type TestDatabase } from '../../services/postgres/testing/test-database.ts';

let weft: TestWeft;
let db: TestDatabase;
let projectId = '';
const at = { x: 0, y: 0 };

const post = async <T>(path: string, body: unknown) => {
  const response = await weft.request('POST', path, body);
  return { status: response.status, body: (await response.json()) as T };
};

beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql('CREATE SCHEMA sales');
  await db.sql('CREATE TABLE sales.orders (id int PRIMARY KEY, total numeric)');
  await db.sql('CREATE TABLE sales."Big Customers" (id int PRIMARY KEY)');
  await db.sql('CREATE TABLE public.notes (id int)');
  await db.sql('CREATE VIEW sales.order_totals AS SELECT sum(total) FROM sales.orders');
  await db.sql('INSERT INTO sales.orders VALUES (1, 9.5), (2, 20)');
  weft = await startTestWeft({ outboundAllow: [db.hostPort] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Postgres routes' })).id;
  const saved = await weft.api<{ credentials: Record<string, unknown> }>('POST', `/api/projects/${projectId}/credentials`, {
    name: 'Warehouse', credential_type: 'postgres', credentials: { ...db.credential, host: `https://${db.credential.host}/`, port: String(db.credential.port) },
  });
  expect([saved.credentials.host, saved.credentials.port]).toEqual([db.credential.host, db.credential.port]);
});
afterAll(async () => {
  await weft?.close();
  await db?.drop();
});

describe('POST /api/postgres/schemas and /tables', () => {
  it('list the schemas and a schema’s tables of a saved credential (no system schema, no view)', async () => {
    expect(await post('/api/postgres/schemas', { projectId, credentials: 'Warehouse' })).toEqual({ status: 200, body: { schemas: ['public', 'sales'] } });
    expect(await post('/api/postgres/tables', { projectId, credentials: 'Warehouse', dbSchema: 'sales' })).toEqual({ status: 200, body: { tables: ['Big Customers', 'orders'] } });
  });

  it('take the form’s fields too', async () => {
    expect((await post('/api/postgres/tables', { projectId, credentials: db.credential, dbSchema: 'public' })).body).toEqual({ tables: ['notes'] });
  });

  it('answer empty lists when the database or the credential fails', async () => {
    expect((await post('/api/postgres/schemas', { projectId, credentials: { ...db.credential, dbName: 'weft_no_such_database' } })).body).toEqual({ schemas: [] });
    expect((await post('/api/postgres/schemas', { projectId, credentials: 'No such credential' })).body).toEqual({ schemas: [] });
    expect((await post('/api/postgres/tables', { projectId, credentials: { ...db.credential, port: 1 }, dbSchema: 'sales' })).body).toEqual({ tables: [] });
    expect((await post('/api/postgres/tables', { projectId, credentials: 'Warehouse', dbSchema: 'nothing_here' })).body).toEqual({ tables: [] });
  });

  it('refuse a body without a project or schema, and another organisation’s project', async () => {
    expect((await post('/api/postgres/schemas', { credentials: 'Warehouse' })).status).toBe(400);
    expect((await post('/api/postgres/tables', { projectId, credentials: 'Warehouse' })).status).toBe(400);
    const stranger = await weft.createUser({ name: 'Stranger', organisationName: 'Elsewhere' });
    expect((await stranger.request('POST', '/api/postgres/schemas', { projectId, credentials: 'Warehouse' })).status).toBe(404);
  });
});

describe('POST /api/postgres/testConnection and /api/testCreds/postgres', () => {
  it('log in with the saved credential and answer the server’s version; a refusal in its words', async () => {
    const good = await post<{ success: boolean; message: string }>('/api/postgres/testConnection', { payload: { projectId, name: 'Warehouse' } });
    expect(good.body.success).toBe(true);
    expect(good.body.message).toMatch(new RegExp(`^The credential works: Connected to ${db.name} on ${db.credential.host}:${db.credential.port} \\(PostgreSQL \\d+`));
    const bad = await post('/api/testCreds/postgres', { payload: { projectId, credentials: { ...db.credential, dbName: 'weft_no_such_database' } } });
    expect(bad.body).toEqual({ success: false, message: 'Postgres error: database "weft_no_such_database" does not exist' });
    const incomplete = await post<{ error: { message: string } }>('/api/postgres/testConnection', { payload: { projectId, credentials: { host: 'db.example.com' } } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.message).toBe('Invalid Postgres credentials: Database is required; Username is required; Password is required');
  });
});

describe('the trigger’s dropdowns and the query node in a flow', () => {
  it('load the schemas, and the tables of the chosen schemas as schema.table', async () => {
    const load = (method: string, input: Record<string, unknown>) => weft.api<Array<{ label: string; value: string }>>('POST', `/api/projects/${projectId}/load-options/${method}`, { input });
    expect((await load('postgresSchemas', { credentials: 'Warehouse' })).map((o) => o.value)).toEqual(['public', 'sales']);
    expect((await load('postgresTables', { credentials: 'Warehouse', schemas: ['public', 'sales'] })).map((o) => o.value)).toEqual(['public.notes', 'sales.Big Customers', 'sales.orders']);
    expect(await load('postgresTables', { credentials: 'Nope', schemas: ['sales'] })).toEqual([]);
  });

  it('runs a query with a parameter from the webhook’s body', async () => {
    const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });
    const { id } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
      name: 'Order lookup',
      nodes: [
        { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} },
        { id: 'postgres_1', type: 'postgresNode', position: at, values: { credentials: 'Warehouse', query: 'SELECT id, total FROM sales.orders WHERE id = $1', parameters: ['{{trigger.output.id}}'] } },
        { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'result', value: '{{postgres_1.output}}' }] } },
      ],
      edges: [edge('e1', 'webhookTrigger_1', 'postgres_1'), edge('e2', 'postgres_1', 'apiResponse_1')],
    });
    await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
    const apiKey = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'orders' })).key;
    const answer = await weft.request('POST', `/hook/${id}`, { id: 2 }, { authorization: `Bearer ${apiKey}` });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ result: { queryResult: [{ id: 2, total: '20' }], status: 'success', rowCount: 1 } });
  });
});
