/**
 * @module catalogue/services/postgres — what the Postgres nodes, their
 * dropdowns, the helper routes and the sync reader ask of the runtime (`ctx.services.postgres`,
 * runtime/services/postgres/): a database reached under weft's outbound address policy, with a small
 * pool of connections per credential. The connection is a Postgres credential (spec 001 §3):
 * host, port, dbName, username, password, sslMode and, for verify-ca / verify-full, the
 * certificates.
 */
import { userError } from '../errors.ts';

/** the Postgres credential's SSL modes (its form's choices) */
export const POSTGRES_SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;
export type PostgresSslMode = (typeof POSTGRES_SSL_MODES)[number];

export interface PostgresConnection {
  /** without http(s):// and trailing slash (spec 001 §5) */
  host: string;
  port: number;
  dbName: string;
  username: string;
  password: string;
  sslMode: PostgresSslMode;
  /** PEM texts, used for verify-ca and verify-full (and require, when a CA is given) */
  caCertificate?: string;
  clientCertificate?: string;
  clientKey?: string;
  clientKeyPassword?: string;
}

export interface QueryAnswer {
  rows: Record<string, unknown>[];
  /** rows the statement touched (INSERT, UPDATE, DELETE) or answered (SELECT); null for others */
  rowCount: number | null;
  /** SELECT, INSERT, UPDATE, … */
  command: string;
}

/** One connection held for a sequence of statements (a sync's read): released exactly once. */
export interface PostgresSession {
  query(sql: string, params?: readonly unknown[]): Promise<QueryAnswer>;
  /** back to the pool; with an error the connection is closed instead */
  release(error?: Error): void;
}

export interface PostgresAccess {
  /** one statement on a pooled connection; `params` are bound as $1, $2…, never spliced into the SQL */
  query(connection: PostgresConnection, sql: string, params?: readonly unknown[], signal?: AbortSignal): Promise<QueryAnswer>;
  /** a pooled connection for several statements (BEGIN … COMMIT), under the same statement timeout */
  session(connection: PostgresConnection, signal?: AbortSignal): Promise<PostgresSession>;
  /** connect and log in on a connection of its own (the credential test); answers the server's version */
  verify(connection: PostgresConnection, signal?: AbortSignal): Promise<string>;
}

/** spec 001 §5: strip an http or https prefix and trailing slashes */
export function cleanPostgresHost(host: string): string {
  return host.trim().replace(/^https?:\/\//i, '').replace(/\/+$/, '');
}

/** spec 001 §5 "Required: name, host, port, dbName, username, password, sslMode", by their form labels */
export const REQUIRED_POSTGRES_FIELDS = [
  ['host', 'Host'],
  ['port', 'Port'],
  ['dbName', 'Database'],
  ['username', 'Username'],
  ['password', 'Password'],
  ['sslMode', 'SSL mode'],
] as const;

/** The required fields the credential lacks, as '<Label> is required' texts. */
export function missingPostgresFields(credential: Record<string, unknown>): string[] {
  return REQUIRED_POSTGRES_FIELDS.filter(([field]) => {
    const value = credential[field];
    return value === undefined || value === null || String(value).trim() === '';
  }).map(([, label]) => `${label} is required`);
}

/** A Postgres credential's fields as the connection to open; the first problem is a user error naming it. */
export function postgresConnectionOf(credential: Record<string, unknown>): PostgresConnection {
  const [missing] = missingPostgresFields(credential);
  if (missing) throw userError(`Invalid Postgres credentials: ${missing}`);
  const port = Number(String(credential.port).trim());
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw userError('Invalid Postgres credentials: Port must be between 1 and 65535');
  const sslMode = String(credential.sslMode).trim() as PostgresSslMode;
  if (!POSTGRES_SSL_MODES.includes(sslMode)) throw userError(`Invalid Postgres credentials: SSL mode must be one of: ${POSTGRES_SSL_MODES.join(', ')}`);
  const optional = (field: string) => (typeof credential[field] === 'string' && credential[field] !== '' ? (credential[field] as string) : undefined);
  return {
    host: cleanPostgresHost(String(credential.host)),
    port,
    dbName: String(credential.dbName).trim(),
    username: String(credential.username).trim(),
    // a password is taken as typed: spaces may belong to it
    password: String(credential.password),
    sslMode,
    caCertificate: optional('ca_certificate'),
    clientCertificate: optional('client_certificate'),
    clientKey: optional('client_key'),
    clientKeyPassword: optional('client_key_password'),
  };
}
