/**
 * The Postgres nodes against the machine's PostgreSQL (a database of their own, dropped after):
 * a query with parameters, an injection attempt that stays a parameter, the errors and whose
 * fault each is, the address policy, the pool; the trigger passing its input through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllowList } from '../outbound/address-policy.ts';
import { postgresAccess, type PostgresPools } from './postgres-access.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';
import { nodeFailure as failure, runNode, testContext } from '../../../catalogue/testing/node-harness.ts';
import type { Values } from '../../../catalogue/types.ts';
import postgresTriggerNode from '../../../catalogue/data-source/postgres-trigger-node/run.ts';
import postgresNode from '../../../catalogue/data-source/postgres-node/run.ts';

let db: TestDatabase;
let pools: PostgresPools;

function contextFor(credential: Record<string, unknown>, postgres = pools) {
  return testContext({
    services: { postgres },
    credentials: {
      async get(name) {
        if (name !== 'Warehouse') throw new Error(`No credentials found for ${name}`);
        return credential;
      },
    },
  });
}

const run = (values: Values, credential: Record<string, unknown> = db.credential, postgres = pools) =>
  runNode(postgresNode, { credentials: 'Warehouse', action: 'runQuery', ...values }, contextFor(credential, postgres));

beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql('CREATE TABLE customers (id serial PRIMARY KEY, email text NOT NULL UNIQUE, country text, joined date, tags jsonb)');
  await db.sql(`INSERT INTO customers (email, country, joined, tags) VALUES
    ('ada@example.com', 'UK', '2024-01-02', '["vip"]'), ('bob@example.org', 'FR', '2024-03-04', '[]'), ('eve@example.net', 'UK', NULL, NULL)`);
  pools = postgresAccess({ allow: new AllowList([db.hostPort]) });
});
afterAll(async () => {
  await pools?.close();
  await db?.drop();
});

describe('the Postgres query node', () => {
  it('runs a query with its parameters bound as $1, $2 (templates resolved in the parameters only)', async () => {
    const ctx = contextFor(db.credential);
    ctx.outputs = { trigger_1: { country: 'UK' } };
    const result = await runNode(
      postgresNode,
      { credentials: 'Warehouse', action: 'runQuery', query: 'SELECT email, joined, tags FROM customers WHERE country = $1 ORDER BY id LIMIT $2', parameters: ['{{trigger.output.country}}', 5] },
      ctx,
    );
    expect(result.output).toEqual({
      queryResult: [
        { email: 'ada@example.com', joined: '2024-01-02', tags: ['vip'] },
        { email: 'eve@example.net', joined: null, tags: null },
      ],
      status: 'success',
      rowCount: 2,
    });
  });

  it('keeps an injection attempt a value: it matches nothing and drops nothing', async () => {
    const result = await run({ query: 'SELECT id FROM customers WHERE email = $1', parameters: ["x' OR '1'='1'; DROP TABLE customers; --"] });
    expect(result.output).toMatchObject({ queryResult: [], status: 'success', rowCount: 0 });
    expect((await db.sql('SELECT count(*)::int AS n FROM customers')).rows[0].n).toBe(3);
  });

  it('takes the SQL as written: {{…}} in the query is not replaced', async () => {
    const ctx = contextFor(db.credential);
    ctx.outputs = { trigger_1: { country: "UK' OR 'x'='x" } };
    const result = await runNode(postgresNode, { credentials: 'Warehouse', action: 'runQuery', query: "SELECT '{{trigger.output.country}}' AS text" }, ctx);
    expect(result.output).toMatchObject({ queryResult: [{ text: '{{trigger.output.country}}' }] });
  });

  it('answers the rows touched by a write, and objects go in as JSON', async () => {
    const result = await run({ query: 'INSERT INTO customers (email, tags) VALUES ($1, $2) RETURNING id, tags', parameters: ['new@example.com', { plan: 'pro' }] });
    expect(result.output).toMatchObject({ queryResult: [{ tags: { plan: 'pro' } }], rowCount: 1 });
    const updated = await run({ query: "UPDATE customers SET country = 'DE' WHERE country IS NULL" });
    expect(updated.output).toEqual({ queryResult: [], status: 'success', rowCount: 1 });
  });

  it('blames the caller for bad SQL, a missing table, a broken constraint, a wrong database or login', async () => {
    const syntax = await failure(run({ query: 'SELEC 1' }));
    expect([syntax.kind, syntax.message]).toEqual(['user', 'Postgres error: syntax error at or near "SELEC"']);
    const missing = await failure(run({ query: 'SELECT * FROM no_such_table' }));
    expect([missing.kind, missing.message]).toEqual(['user', 'Postgres error: relation "no_such_table" does not exist']);
    const duplicate = await failure(run({ query: 'INSERT INTO customers (email) VALUES ($1)', parameters: ['ada@example.com'] }));
    expect(duplicate.kind).toBe('user');
    expect(duplicate.message).toMatch(/^Postgres error: duplicate key value violates unique constraint/);
    const database = await failure(run({ query: 'SELECT 1' }, { ...db.credential, dbName: 'weft_no_such_database' }));
    expect([database.kind, database.message]).toEqual(['user', 'Postgres error: database "weft_no_such_database" does not exist']);
    const role = await failure(run({ query: 'SELECT 1' }, { ...db.credential, username: 'weft_no_such_role' }));
    expect(role.kind).toBe('user');
    expect(role.message).toMatch(/^Postgres error: role "weft_no_such_role" does not exist/);
  });

  it('names what the credential lacks', async () => {
    const { password: _password, ...withoutPassword } = db.credential;
    const error = await failure(run({ query: 'SELECT 1' }, withoutPassword));
    expect([error.kind, error.message]).toEqual(['user', 'Invalid Postgres credentials: Password is required']);
    const mode = await failure(run({ query: 'SELECT 1' }, { ...db.credential, sslMode: 'sometimes' }));
    expect(mode.message).toBe('Invalid Postgres credentials: SSL mode must be one of: disable, allow, prefer, require, verify-ca, verify-full');
  });

  it('blames a passing fault for a refused connection, and times a statement out', async () => {
    const closedPort = { ...db.credential, port: 1 };
    const refused = await failure(run({ query: 'SELECT 1' }, closedPort, postgresAccess({ allow: new AllowList(['127.0.0.1']) })));
    expect(refused.kind).toBe('operational');
    expect(refused.message).toMatch(/^Postgres error: connect ECONNREFUSED 127\.0\.0\.1:1/);
    const quick = postgresAccess({ allow: new AllowList([db.hostPort]), statementMs: 200 });
    const slow = await failure(run({ query: 'SELECT pg_sleep(5)' }, db.credential, quick));
    expect([slow.kind, slow.message]).toEqual(['timeout', 'Postgres error: canceling statement due to statement timeout']);
    await quick.close();
  });

  it('prefer falls back to plain on a server without TLS, allow starts plain; require refuses it as the caller’s', async () => {
    for (const sslMode of ['prefer', 'allow']) {
      expect((await run({ query: 'SELECT 1 AS one' }, { ...db.credential, sslMode })).output).toMatchObject({ queryResult: [{ one: 1 }] });
    }
    const tls = await db.sql('SHOW ssl');
    if (tls.rows[0].ssl === 'off') {
      const error = await failure(run({ query: 'SELECT 1' }, { ...db.credential, sslMode: 'require' }));
      expect([error.kind, error.message]).toEqual(['user', 'Postgres error: The server does not support SSL connections']);
    }
  });

  it('refuses a loopback database unless the operator allows it, before connecting', async () => {
    const strict = postgresAccess({ allow: new AllowList() });
    const error = await failure(run({ query: 'SELECT 1' }, db.credential, strict));
    expect(error.kind).toBe('user');
    expect(error.message).toContain('loopback');
  });

  it('cleans the host of http(s):// and a trailing slash, and keeps one small pool per credential', async () => {
    const local = postgresAccess({ allow: new AllowList([db.hostPort]), idleMs: 300 });
    await run({ query: 'SELECT 1' }, { ...db.credential, host: `http://${db.credential.host}/` }, local);
    await run({ query: 'SELECT 2' }, db.credential, local);
    expect(local.openPools).toBe(1);
    const backends = await db.sql("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'weft'", [db.name]);
    expect(backends.rows[0].n).toBeLessThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(local.openPools).toBe(0);
    await local.close();
  });
});

describe('the Postgres trigger', () => {
  it('passes its input through as its output', async () => {
    const input = { records: [{ id: 1 }], stream: 'public.customers' };
    const result = await runNode(postgresTriggerNode, { credentials: 'Warehouse', schemas: ['public'] }, testContext({ input }));
    expect(result.output).toEqual(input);
  });
});
