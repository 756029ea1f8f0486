/**
 * @module catalogue/data-source/postgres-trigger-node/postgres-xmin — Xmin replication (spec 001 §3 "Replication method is
 * Xmin"): which rows of a table a sync reads, in which order, and where it stands.
 *
 * Order and position: rows come ordered by (xmin as a 64-bit transaction id, tableoid, ctid);
 * tableoid keeps partitions of one table apart, ctid orders the rows one transaction wrote.
 * An interrupted read resumes after the last row of the last batch (`after`), and ends as if
 * it had ended at the snapshot it began with (`began`).
 *
 * Changed rows: a read records its snapshot (`txid_current_snapshot()`: every transaction id
 * from `xmax` on, and those in `xip`, was not visible to it). The next sync reads the rows whose
 * xmin is one of those: the rows inserted or updated since, and those written by transactions
 * still open then, so a long transaction that commits later is not missed.
 *
 * Wrap-around: xmin is 32 bits and wraps every 2^32 transactions. Each xmin is widened to the
 * latest 64-bit id with those low bits before the snapshot's xmax (right for every row younger
 * than 2^32 transactions: every unfrozen row), so comparisons stay right across a wrap. A row
 * left untouched for 2^32 transactions (a frozen one) widens to a newer id once per wrap, and is
 * then read once more: appended again, never lost. VACUUM FULL and CLUSTER rewrite ctids, which
 * can only disturb a read interrupted and resumed across them.
 */
const WRAP = 4294967296;

export interface Snapshot {
  /** 64-bit ids as decimal text */
  xmax: string;
  xip: string[];
}

export interface RowKey {
  xmin: string;
  tableoid: string;
  ctid: string;
}

/** where one table's reading stands */
export interface StreamCursor {
  /** the snapshot of the last completed read: the next one reads the rows changed since */
  since?: Snapshot;
  /** the last row of an interrupted read */
  after?: RowKey;
  /**
   * the snapshot an interrupted read began with: its resumption takes another snapshot, and a
   * transaction open at the first one may have committed since with an id below `after` (its
   * rows are behind where the read resumes); the read ends with `since` this first snapshot, so
   * the next sync reads those rows (and again those the resumed read read after it: appended
   * twice, never lost)
   */
  began?: Snapshot;
}

/** the reader's cursor: one entry per stream ('schema.table') */
export interface PostgresCursor {
  streams: Record<string, StreamCursor>;
}

export const SNAPSHOT_SQL = 'SELECT txid_snapshot_xmax(s)::text AS xmax, ARRAY(SELECT txid_snapshot_xip(s)::text) AS xip FROM txid_current_snapshot() s';

/** SQL: the 32-bit transaction id `raw` widened to the latest 64-bit id with those low bits before `xmax` (both SQL expressions) */
export function widenedXmin(xmax: string, raw: string): string {
  return `(${xmax}::bigint - (((${xmax}::bigint % ${WRAP}) - ${raw} + ${WRAP}) % ${WRAP}))`;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The rows of `schema.table` still to read, with their key columns, and the query's parameters
 * (`$1`: the snapshot's xmax, against which xmin is widened). Unordered for a count.
 */
export function rowsQuery(schema: string, table: string, snapshot: Snapshot, position: StreamCursor, ordered = true): { sql: string; params: unknown[] } {
  const params: unknown[] = [snapshot.xmax];
  const param = (value: unknown, type: string) => `$${params.push(value)}::${type}`;
  const widened = widenedXmin('$1', 't.xmin::text::bigint');
  const where: string[] = [];
  if (position.since) where.push(`(s._weft_xmin >= ${param(position.since.xmax, 'bigint')} OR s._weft_xmin = ANY(${param(position.since.xip, 'bigint[]')}))`);
  if (position.after) {
    const { xmin, tableoid, ctid } = position.after;
    where.push(`(s._weft_xmin, s._weft_tableoid, s._weft_ctid) > (${param(xmin, 'bigint')}, ${param(tableoid, 'oid')}, ${param(ctid, 'tid')})`);
  }
  const sql =
    `SELECT * FROM (SELECT t.*, ${widened} AS _weft_xmin, t.tableoid AS _weft_tableoid, t.ctid AS _weft_ctid ` +
    `FROM ${quoteIdentifier(schema)}.${quoteIdentifier(table)} t) s` +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    (ordered ? ' ORDER BY s._weft_xmin, s._weft_tableoid, s._weft_ctid' : '');
  return { sql, params };
}

/** A fetched row as its record (the key columns taken off) and its key. */
export function splitRow(row: Record<string, unknown>): { record: Record<string, unknown>; key: RowKey } {
  const { _weft_xmin: xmin, _weft_tableoid: tableoid, _weft_ctid: ctid, ...record } = row;
  return { record, key: { xmin: String(xmin), tableoid: String(tableoid), ctid: String(ctid) } };
}

/** The cursor a sync was handed, or a fresh one (anything unreadable reads from the start). */
export function cursorOf(value: unknown): PostgresCursor {
  const streams = (value as PostgresCursor | null)?.streams;
  return { streams: streams && typeof streams === 'object' && !Array.isArray(streams) ? { ...streams } : {} };
}
