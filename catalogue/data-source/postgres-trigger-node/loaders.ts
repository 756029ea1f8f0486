/**
 * @module catalogue/data-source/postgres-trigger-node/loaders — the trigger's dropdowns: the
 * database's schemas (`postgresSchemas`) and the tables of the chosen schemas as schema.table
 * (`postgresTables`), read with `input.credentials` (the credential's name). Anything missing
 * or refused: an empty list (the spec's rule).
 */
import { loaderUsing, type OptionLoaderContext } from '../../option-loaders.ts';
import type { FieldOption } from '../../types.ts';
import { listSchemas, listTables, type RunQuery } from '../postgres-node/catalog-queries.ts';
import { postgresConnectionOf } from '../../services/postgres.ts';

async function withDatabase(input: Record<string, unknown>, ctx: OptionLoaderContext<'postgres'>, list: (query: RunQuery) => Promise<FieldOption[]>) {
  try {
    const name = typeof input.credentials === 'string' ? input.credentials.trim() : '';
    if (!name) return [];
    const connection = postgresConnectionOf(await ctx.credentials.get(name));
    const access = ctx.services.postgres;
    return await list((sql, params) => access.query(connection, sql, params));
  } catch {
    return [];
  }
}

/** the chosen schemas of the form (a list, or one name) */
function chosenSchemas(value: unknown): string[] {
  const names = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return names.filter((name): name is string => typeof name === 'string' && name.trim() !== '').map((name) => name.trim());
}

export const postgresSchemas = loaderUsing(['postgres'], (input, ctx) =>
  withDatabase(input, ctx, async (query) => (await listSchemas(query)).map((schema) => ({ label: schema, value: schema }))),
);

export const postgresTables = loaderUsing(['postgres'], (input, ctx) =>
  withDatabase(input, ctx, async (query) => {
    const options: FieldOption[] = [];
    for (const schema of chosenSchemas(input.schemas)) {
      for (const table of await listTables(query, schema)) options.push({ label: `${schema}.${table}`, value: `${schema}.${table}` });
    }
    return options;
  }),
);
