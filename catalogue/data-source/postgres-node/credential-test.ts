/** @module catalogue/data-source/postgres-node/credential-test — a Postgres credential: connect (TLS as its SSL mode says) and log in on a connection of its own, and read the server's version. */
import { postgresConnectionOf } from '../../services/postgres.ts';
import { credentialTestUsing } from '../../credential-test.ts';

export const testPostgres = credentialTestUsing(['postgres'], async (fields, ctx) => {
  const connection = postgresConnectionOf(fields);
  const version = await ctx.services.postgres.verify(connection, ctx.signal);
  return `Connected to ${connection.dbName} on ${connection.host}:${connection.port} (PostgreSQL ${version})`;
});
