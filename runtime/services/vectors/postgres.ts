/**
 * @module runtime/services/vectors/postgres — the scale-out vector store backend: a Postgres server
 * with the pgvector extension (DATABASE_URL), running the same SQL as the embedded backend.
 * Several weft processes can share it.
 */
import pg from 'pg';
import { VectorStore, type SqlClient } from './store.ts';

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;
const asQuery = (query: Query) => query as SqlClient['query'];

export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  poolSize?: number;
}

export function postgresClient(databaseUrl: string, { poolSize = 10 }: PostgresOptions = {}): SqlClient {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  return {
    query: asQuery((sql, params) => pool.query(sql, params)),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({ query: asQuery((sql, params) => client.query(sql, params)) });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openPostgresVectorStore(databaseUrl: string, options?: PostgresOptions): Promise<VectorStore> {
  const store = new VectorStore(postgresClient(databaseUrl, options));
  await store.init();
  return store;
}
