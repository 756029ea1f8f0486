/**
 * @module runtime/services/postgres/testing/test-database — a database of its own for one test file, on the
 * machine's PostgreSQL (WEFT_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * `.ci/run` installs and starts one): created with a random name, dropped by `drop()`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PostgresConnection } from '../../../../catalogue/services/postgres.ts';

export const TEST_POSTGRES_URL = process.env.WEFT_TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  /** the credential's fields for it (sslMode disable) */
  credential: Record<string, unknown>;
  connection: PostgresConnection;
  /** host:port, for the outbound allow-list */
  hostPort: string;
  /** one statement as the server's superuser, in the test database */
  sql(text: string, params?: unknown[]): Promise<pg.QueryResult>;
  /** `text` run in a transaction left open on a connection of its own, until `commit()` */
  sessionInTransaction(text: string): Promise<{ commit(): Promise<void> }>;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const server = new URL(TEST_POSTGRES_URL);
  const name = `weft_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const own = new URL(TEST_POSTGRES_URL);
  own.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: own.toString() });
  await client.connect();
  const credential = {
    host: server.hostname,
    port: Number(server.port || 5432),
    dbName: name,
    username: decodeURIComponent(server.username || 'postgres'),
    // trust authentication takes any password; the credential form requires one
    password: decodeURIComponent(server.password) || 'unused-password',
    sslMode: 'disable',
  };
  return {
    name,
    credential,
    connection: { ...credential, sslMode: 'disable' } as PostgresConnection,
    hostPort: `${server.hostname}:${server.port || 5432}`,
    sql: (text, params) => client.query(text, params),
    async sessionInTransaction(text) {
      const other = new pg.Client({ connectionString: own.toString() });
      await other.connect();
      await other.query('BEGIN');
      await other.query(text);
      return {
        async commit() {
          await other.query('COMMIT');
          await other.end();
        },
      };
    },
    async drop() {
      await client.end();
      const dropper = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
