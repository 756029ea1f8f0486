/**
 * @module catalogue/data-source/postgres-trigger-node/sync-reader — the Postgres trigger's source reader (spec 001 §3, §4):
 * the chosen tables (or every table of the chosen schemas), one after the other, in batches of
 * `batchSize` rows, each batch one run of the flow with `{records, stream: 'schema.table'}`.
 *
 * Incremental (incremental_append) reads the rows inserted or updated since the last sync, Full
 * Refresh (full_refresh_append) every row; both by Xmin replication (postgres-xmin.ts). A sync
 * is one read-only REPEATABLE READ transaction (one snapshot for every table, so the total is
 * exact) on one pooled connection, reading through a server-side cursor: the client holds at
 * most two batches, whatever the table's size, and each row is read once (keyset pages would
 * scan the table once per batch: there is no index on xmin). Its statements may take
 * READ_STATEMENT_TIMEOUT_MS (the first FETCH sorts the table on the server).
 */
import { listTables, type RunQuery } from '../postgres-node/catalog-queries.ts';
import { missingPostgresFields, postgresConnectionOf, type PostgresAccess } from '../../services/postgres.ts';
import { userError } from '../../errors.ts';
import type { SourceBatch, SourceReadContext, SourceReader } from '../../sync-reader.ts';
import { cursorOf, rowsQuery, SNAPSHOT_SQL, splitRow, type PostgresCursor, type Snapshot } from './postgres-xmin.ts';

export const READ_STATEMENT_TIMEOUT_MS = 600_000;
const SETUP_FAILED = 'Unable to create the source for Postgres';

interface Stream {
  schema: string;
  table: string;
  /** 'schema.table' */
  name: string;
}

const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' && value.trim() ? [value] : [])
    .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    .map((item) => item.trim());

/** A table as the form names it: 'schema.table' with one of the chosen schemas, or a bare name when one schema is chosen. */
function streamOf(value: string, schemas: string[]): Stream {
  const schema = schemas.filter((s) => value.startsWith(`${s}.`)).sort((a, b) => b.length - a.length)[0];
  if (schema) return { schema, table: value.slice(schema.length + 1), name: value };
  if (schemas.length === 1) return { schema: schemas[0], table: value, name: `${schemas[0]}.${value}` };
  throw userError(`Table ${value}: name it as schema.table, with one of the chosen schemas (${schemas.join(', ')})`);
}

async function streamsOf(values: Record<string, unknown>, query: RunQuery): Promise<Stream[]> {
  const schemas = listOf(values.schemas);
  const tables = listOf(values.tables);
  if (tables.length) return tables.map((table) => streamOf(table, schemas));
  const streams: Stream[] = [];
  for (const schema of schemas) for (const table of await listTables(query, schema)) streams.push({ schema, table, name: `${schema}.${table}` });
  return streams;
}

const isFullRefresh = (values: Record<string, unknown>) => values.syncMode === 'full_refresh_append' || values.syncMode === 'full_refresh';

/** The reader: it declares the `postgres` service and reaches the database through it. */
export const postgresReader: SourceReader<'postgres'> = {
  nodeType: 'postgresTriggerNode',
  services: ['postgres'],
  recreateOn: ['credentials', 'schemas', 'tables'],
  resyncOn: ['batchSize'],
  check(values, credential) {
    const problems = [
      ...(listOf(values.credentials).length ? [] : ['Credential is required']),
      ...missingPostgresFields(credential),
      ...(listOf(values.schemas).length ? [] : ['Schemas is required']),
    ];
    if (problems.length) throw userError(`${SETUP_FAILED}: ${problems.join('; ')}`);
    try {
      postgresConnectionOf(credential);
      for (const table of listOf(values.tables)) streamOf(table, listOf(values.schemas));
    } catch (error) {
      throw userError(`${SETUP_FAILED}: ${error instanceof Error ? error.message : String(error)}`);
    }
  },
  read(ctx) {
    return readTables(ctx.services.postgres, ctx);
  },
};

async function* readTables(access: PostgresAccess, ctx: SourceReadContext): AsyncGenerator<SourceBatch> {
  const connection = postgresConnectionOf(ctx.credential);
  const fullRefresh = isFullRefresh(ctx.values);
  const batchSize = Number.isInteger(ctx.batchSize) && ctx.batchSize > 0 ? ctx.batchSize : 200;
  const cursor = cursorOf(ctx.cursor);
  const session = await access.session(connection, ctx.signal);
  const query: RunQuery = (sql, params) => session.query(sql, params);
  let failure: Error | undefined;
  try {
    await query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', []);
    await query(`SET LOCAL statement_timeout = ${READ_STATEMENT_TIMEOUT_MS}`, []);
    const snapshot = (await query(SNAPSHOT_SQL, [])).rows[0] as unknown as Snapshot;
    const streams = await streamsOf(ctx.values, query);
    // full refresh reads every row; an interrupted one still resumes after its last batch
    const positionOf = (stream: Stream) => {
      const position = cursor.streams[stream.name] ?? {};
      return fullRefresh ? { after: position.after } : position;
    };
    let total = 0;
    for (const stream of streams) {
      const { sql, params } = rowsQuery(stream.schema, stream.table, snapshot, positionOf(stream), false);
      total += Number((await query(`SELECT count(*) AS n FROM (${sql}) counted`, params)).rows[0].n);
    }
    ctx.total(total);
    for (const stream of streams) yield* readStream(query, stream, rowsQuery(stream.schema, stream.table, snapshot, positionOf(stream)), { cursor, snapshot, batchSize });
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    if (!failure) await query('COMMIT', []).catch((error: Error) => (failure = error));
    session.release(failure);
  }
}

/** One table through a server-side cursor; the batch that ends it marks the stream read up to the snapshot. */
async function* readStream(
  query: RunQuery,
  stream: Stream,
  rows: { sql: string; params: unknown[] },
  sync: { cursor: PostgresCursor; snapshot: Snapshot; batchSize: number },
): AsyncGenerator<SourceBatch> {
  // a read resumed after an interruption ends at the snapshot it began with (postgres-xmin.ts `began`)
  const began = sync.cursor.streams[stream.name]?.began ?? sync.snapshot;
  await query(`DECLARE weft_sync_rows NO SCROLL CURSOR FOR ${rows.sql}`, rows.params);
  const fetch = async () => (await query(`FETCH FORWARD ${sync.batchSize} FROM weft_sync_rows`, [])).rows;
  let batch = await fetch();
  while (batch.length > 0) {
    const next = batch.length < sync.batchSize ? [] : await fetch();
    const read = batch.map(splitRow);
    const position = sync.cursor.streams[stream.name] ?? {};
    sync.cursor.streams[stream.name] = next.length ? { ...position, after: read[read.length - 1].key, began } : { since: began };
    yield { runs: [{ records: read.map((row) => row.record), stream: stream.name }], records: read.length, cursor: structuredClone(sync.cursor) };
    batch = next;
  }
  // nothing (more) to read: the next batch of another table carries this table's new snapshot
  sync.cursor.streams[stream.name] = { since: began };
  await query('CLOSE weft_sync_rows', []);
}
