/**
 * @module runtime/services/postgres/postgres-access — Postgres databases for the Postgres nodes, their
 * dropdowns, the helper routes and the sync reader (`PostgresAccess`,
 * catalogue/data-source/postgres-node/postgres-services.ts), over `pg`.
 *
 * - Address policy: the host is resolved and checked as ctx.http checks URLs
 *   (runtime/services/outbound/allowed-address.ts); `pg` connects to that checked address, the host name
 *   kept for TLS (ssl-options.ts).
 * - Pooling: one small `pg.Pool` per credential (host, address, port, database, login, TLS),
 *   at most POOL.max connections; a connection idle for POOL.idleMs is closed, and a pool
 *   unused that long is ended and forgotten (a changed password leaves nothing open).
 * - Timeouts: connecting at most TIMEOUTS.connectMs, each statement at most
 *   TIMEOUTS.statementMs (the server's statement_timeout; a session may SET LOCAL another).
 * - Values: dates, times and bytea stay Postgres's text (JSON-safe, no time-zone shifts);
 *   bigint and numeric are text, as `pg` gives them.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { PostgresAccess, PostgresConnection, PostgresSession, QueryAnswer } from '../../../catalogue/services/postgres.ts';
import type { AllowList } from '../outbound/address-policy.ts';
import { allowedAddress } from '../outbound/allowed-address.ts';
import { postgresError } from './postgres-errors.ts';
import { sslAttempts, triesNextSslMode, type PgSsl } from './ssl-options.ts';

export const TIMEOUTS = { connectMs: 10_000, statementMs: 30_000 };
export const POOL = { max: 3, idleMs: 60_000 };

/** date, time, timetz, timestamp, timestamptz, interval, bytea (and their arrays: kept as text arrays) */
const TEXT_TYPES = new Set([1082, 1083, 1266, 1114, 1184, 1186, 17]);
const TEXT_ARRAY_TYPES = new Set([1182, 1183, 1270, 1115, 1185, 1187, 1001]);
const parserOf = pg.types.getTypeParser as (oid: number, format?: 'text' | 'binary') => (value: string) => unknown;
const TEXT_ARRAY = parserOf(1009);
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (TEXT_TYPES.has(oid)) return (value: string) => value;
    if (TEXT_ARRAY_TYPES.has(oid)) return TEXT_ARRAY;
    return parserOf(oid, format);
  },
} as pg.CustomTypesConfig;

export interface PostgresAccessOptions {
  allow: AllowList;
  /** override POOL.idleMs (tests) */
  idleMs?: number;
  /** override TIMEOUTS.statementMs (tests) */
  statementMs?: number;
}

export interface PostgresPools extends PostgresAccess {
  /** pools open now (tests) */
  readonly openPools: number;
  close(): Promise<void>;
}

interface Pooled {
  pool: pg.Pool;
  timer?: NodeJS.Timeout;
  /** sessions under way: a pool is never ended in the middle of one */
  busy: number;
}

export function postgresAccess(options: PostgresAccessOptions): PostgresPools {
  const idleMs = options.idleMs ?? POOL.idleMs;
  const settings = (connection: PostgresConnection, address: string, ssl: PgSsl): pg.PoolConfig => ({
    host: address,
    port: connection.port,
    database: connection.dbName,
    user: connection.username,
    password: connection.password,
    ssl,
    connectionTimeoutMillis: TIMEOUTS.connectMs,
    statement_timeout: options.statementMs ?? TIMEOUTS.statementMs,
    application_name: 'weft',
    types,
  });
  const pools = new Map<string, Pooled>();
  const opening = new Map<string, Promise<{ pooled: Pooled; client: pg.PoolClient }>>();

  const forgetLater = (key: string, pooled: Pooled) => {
    clearTimeout(pooled.timer);
    pooled.timer = setTimeout(() => {
      if (pooled.busy > 0 || pools.get(key) !== pooled) return;
      pools.delete(key);
      void pooled.pool.end().catch(() => undefined);
    }, idleMs);
    pooled.timer.unref();
  };

  /** the first pool whose TLS attempt the server takes (allow and prefer try two) */
  async function open(connection: PostgresConnection, address: string): Promise<{ pooled: Pooled; client: pg.PoolClient }> {
    const attempts = sslAttempts(connection);
    for (const [index, ssl] of attempts.entries()) {
      const pool = new pg.Pool({ ...settings(connection, address, ssl), max: POOL.max, idleTimeoutMillis: idleMs, allowExitOnIdle: true });
      // an idle connection the server dropped: the next checkout opens another
      pool.on('error', () => undefined);
      try {
        return { pooled: { pool, busy: 0 }, client: await pool.connect() };
      } catch (error) {
        void pool.end().catch(() => undefined);
        if (index === attempts.length - 1 || !triesNextSslMode(error)) throw error;
      }
    }
    throw new Error('no TLS attempt'); // unreachable: sslAttempts answers at least one
  }

  async function checkout(connection: PostgresConnection): Promise<{ key: string; pooled: Pooled; client: pg.PoolClient }> {
    const address = await allowedAddress(options.allow, connection.host, connection.port);
    // the key holds a hash, never the password itself
    const key = createHash('sha256').update(JSON.stringify([connection, address])).digest('hex');
    const found = pools.get(key);
    if (found) return { key, pooled: found, client: await found.pool.connect() };
    const pending = opening.get(key);
    if (pending) {
      const { pooled } = await pending;
      return { key, pooled, client: await pooled.pool.connect() };
    }
    const opened = open(connection, address);
    opening.set(key, opened);
    try {
      const { pooled, client } = await opened;
      pools.set(key, pooled);
      return { key, pooled, client };
    } finally {
      opening.delete(key);
    }
  }

  async function session(connection: PostgresConnection, signal?: AbortSignal): Promise<PostgresSession> {
    signal?.throwIfAborted();
    const { key, pooled, client } = await checkout(connection).catch((error: unknown) => Promise.reject(postgresError(error)));
    pooled.busy += 1;
    clearTimeout(pooled.timer);
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      signal?.removeEventListener('abort', onAbort);
      client.release(error ?? false);
      pooled.busy -= 1;
      if (pooled.busy === 0) forgetLater(key, pooled);
    };
    // a cancelled run closes its connection: the server ends the statement with it
    const onAbort = () => release(new Error('cancelled'));
    signal?.addEventListener('abort', onAbort, { once: true });
    return {
      async query(sql, params = []) {
        if (released) throw signal?.reason ?? new Error('The Postgres session was released');
        try {
          return answerOf(await client.query({ text: sql, values: [...params] }));
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          throw postgresError(error);
        }
      },
      release,
    };
  }

  return {
    get openPools() {
      return pools.size;
    },
    session,
    async query(connection, sql, params, signal) {
      const held = await session(connection, signal);
      try {
        const answer = await held.query(sql, params);
        held.release();
        return answer;
      } catch (error) {
        held.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    },
    async verify(connection, signal) {
      signal?.throwIfAborted();
      const address = await allowedAddress(options.allow, connection.host, connection.port);
      const attempts = sslAttempts(connection);
      for (const [index, ssl] of attempts.entries()) {
        // a lone connection: a test must really log in, not reuse a pooled session
        const client = new pg.Client(settings(connection, address, ssl));
        client.on('error', () => undefined);
        const stop = () => void client.end().catch(() => undefined);
        signal?.addEventListener('abort', stop, { once: true });
        try {
          await client.connect();
          const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
          return rows[0]?.server_version ?? '';
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          if (index === attempts.length - 1 || !triesNextSslMode(error)) throw postgresError(error);
        } finally {
          signal?.removeEventListener('abort', stop);
          stop();
        }
      }
      throw new Error('no TLS attempt');
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((pooled) => (clearTimeout(pooled.timer), pooled.pool.end().catch(() => undefined))));
    },
  };
}

function answerOf(result: pg.QueryResult): QueryAnswer {
  // a multi-statement text answers one result per statement: the last one is the answer
  const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
  return { rows: last.rows ?? [], rowCount: last.rowCount ?? null, command: last.command ?? '' };
}
