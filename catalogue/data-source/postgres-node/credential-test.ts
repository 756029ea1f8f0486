/** @module catalogue/data-source/postgres-node/credential-test — a Postgres credential: connect (TLS as its SSL mode says) and log in on a connection of its own, and read the server's version. */
import { postgresConnectionOf } from '../../services/postgres.ts';
import type { CredentialTest } from '../../credential-test.ts';

export const testPostgres: CredentialTest = async (fields, ctx) => {
  if (!ctx.postgres) throw new Error('Postgres databases cannot be reached from this runtime');
  const connection = postgresConnectionOf(fields);
  const version = await ctx.postgres.verify(connection, ctx.signal);
  return `Connected to ${connection.dbName} on ${connection.host}:${connection.port} (PostgreSQL ${version})`;
};
