/**
 * @module catalogue/data-source/postgres-node/catalog-queries — what a database offers to sync: its
 * schemas and a schema's tables that the credential's user may read (the trigger's dropdowns,
 * POST /api/postgres/schemas and /tables). System schemas are left out; tables are ordinary and
 * partitioned ones (a partition is read through its parent).
 */
import type { QueryAnswer } from '../../services/postgres.ts';

/** one statement on the database: `(sql, params) => access.query(connection, sql, params)`, or a session's */
export type RunQuery = (sql: string, params: readonly unknown[]) => Promise<QueryAnswer>;

const SCHEMAS = `
  SELECT nspname AS name FROM pg_catalog.pg_namespace
  WHERE nspname <> 'information_schema' AND nspname NOT LIKE 'pg\\_%' AND has_schema_privilege(oid, 'USAGE')
  ORDER BY nspname`;

const TABLES = `
  SELECT c.relname AS name FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND has_table_privilege(c.oid, 'SELECT')
  ORDER BY c.relname`;

export async function listSchemas(query: RunQuery): Promise<string[]> {
  const { rows } = await query(SCHEMAS, []);
  return rows.map((row) => String(row.name));
}

export async function listTables(query: RunQuery, schema: string): Promise<string[]> {
  const { rows } = await query(TABLES, [schema]);
  return rows.map((row) => String(row.name));
}
