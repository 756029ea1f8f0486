/**
 * @module runtime/services/postgres/postgres-routes — the Postgres forms' helper routes (spec 001 §2, §7):
 * - `POST /api/postgres/schemas` `{projectId, credentials}` → `{schemas: ['public', …]}`;
 * - `POST /api/postgres/tables` `{projectId, credentials, dbSchema}` → `{tables: ['orders', …]}`;
 * (`POST /api/postgres/testConnection` `{payload}` is the credential test's: test-credentials-route.ts.)
 *
 * `credentials` is a saved Postgres credential's name in the project, or the form's fields
 * (then `name` may name the saved one whose masked values '••••' they stand for, as in the
 * credential test). The signed-in user must see the project (404 'Project not found'
 * otherwise); a body without a project is 400. Whatever else fails (no such credential, an
 * incomplete one, a database that refuses or does not answer within LOOKUP_TIMEOUT_MS, an
 * address the outbound policy refuses) answers the empty list.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { listSchemas, listTables, type RunQuery } from '../../../catalogue/data-source/postgres-node/catalog-queries.ts';
import { postgresConnectionOf, type PostgresAccess } from '../../../catalogue/services/postgres.ts';
import { normalizeCredentials } from '../../../catalogue/credentials/normalize.ts';
import { requireProjectAccess } from '../../services/auth/access.ts';
import { fieldsToTest } from './credential-tests.ts';
import { objectBody } from '../body.ts';
import { badRequest } from '../errors.ts';
import { noStore, secretErrors } from './credentials.ts';
import type { CredentialStore } from '../../services/stores/credentials.ts';

export const LOOKUP_TIMEOUT_MS = 20_000;

export interface PostgresRoutesDeps {
  credentials: CredentialStore;
  postgres: PostgresAccess;
}

const SHAPE = 'Send {"projectId": "…", "credentials": "a saved Postgres credential’s name" or {…the form’s fields}}';

export function postgresRouter(deps: PostgresRoutesDeps): Router {
  const router = new Router();
  router.use('/api/postgres', noStore(), secretErrors());

  /** the body's project (checked), then the lookup, or [] when anything about the database fails */
  async function lookup(ctx: Context, list: (query: RunQuery) => Promise<string[]>): Promise<string[]> {
    const body = objectBody(ctx);
    if (typeof body.projectId !== 'string' || !body.projectId) throw badRequest(SHAPE);
    await requireProjectAccess(ctx, body.projectId);
    const named = typeof body.credentials === 'string';
    const payload = named ? { name: body.credentials } : { credentials: body.credentials, ...(body.name === undefined ? {} : { name: body.name }) };
    if (!named && body.credentials === undefined) throw badRequest(SHAPE);
    const signal = AbortSignal.timeout(LOOKUP_TIMEOUT_MS);
    try {
      const fields = normalizeCredentials('postgres', await fieldsToTest(deps.credentials, body.projectId, 'postgres', payload));
      const connection = postgresConnectionOf(fields);
      return await list((sql, params) => deps.postgres.query(connection, sql, params, signal));
    } catch {
      return [];
    }
  }

  router.post('/api/postgres/schemas', async function postgresSchemas(ctx) {
    ctx.body = { schemas: await lookup(ctx, listSchemas) };
  });

  router.post('/api/postgres/tables', async function postgresTables(ctx) {
    const dbSchema = objectBody(ctx).dbSchema;
    if (typeof dbSchema !== 'string' || !dbSchema.trim()) throw badRequest('dbSchema is required: the schema whose tables to list');
    ctx.body = { tables: await lookup(ctx, (query) => listTables(query, dbSchema.trim())) };
  });
  return router;
}
