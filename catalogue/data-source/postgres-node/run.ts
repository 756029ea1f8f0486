/**
 * @module catalogue/data-source/postgres-node/run — one query on the credential's database
 * (`ctx.services.postgres`: pooled connections under the address policy, runtime/services/postgres/). Output
 * `{queryResult, status: 'success', rowCount}`. Bad SQL, a missing table, a refused login or
 * database fail the node as the caller's error; a refused or lost connection or a timeout as a
 * passing one (runtime/services/postgres/postgres-errors.ts), which node retries retry.
 */
import { defineNode } from '../../define-node.ts';
import { testPostgres } from './credential-test.ts';
import { definition } from './definition.ts';
import { postgresConnectionOf } from '../../services/postgres.ts';

export default defineNode(definition, async (values, ctx) => {
  const connection = postgresConnectionOf(await ctx.credentials.get(values.credentials));
  const answer = await ctx.services.postgres.query(connection, values.query, values.parameters ?? [], ctx.signal);
  return { output: { queryResult: answer.rows, status: 'success', rowCount: answer.rowCount ?? answer.rows.length } };
}, { credentialTests: { postgres: testPostgres } });
