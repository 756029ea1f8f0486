/**
 * @module catalogue/app/table-database-node/loaders — the table database's dropdowns (spec 002
 * §2 list-bases, list-tables, list-fields, list-records): from the form's credential, base and
 * table; [] when any is missing or the service fails.
 */
import type { OptionLoader } from '../../option-loaders.ts';
import { listIn, loaderCall, optionsOf } from '../tool-service/loader-access.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const seg = encodeURIComponent;

export const listBases: OptionLoader = async (input, ctx) => {
  const answer = await loaderCall(input, ctx, 'airtable', { tool: 'AIRTABLE_LIST_BASES', args: {}, direct: { method: 'GET', path: '/meta/bases' } });
  return optionsOf(listIn(answer, 'bases'), (base) => base.name);
};

async function tablesOf(input: Record<string, unknown>, ctx: Parameters<OptionLoader>[1]) {
  const baseId = text(input.baseId);
  if (!baseId) return [];
  const answer = await loaderCall(input, ctx, 'airtable', { tool: 'AIRTABLE_GET_BASE_SCHEMA', args: { baseId }, direct: { method: 'GET', path: `/meta/bases/${seg(baseId)}/tables` } });
  return listIn(answer, 'tables');
}

export const listTables: OptionLoader = async (input, ctx) => optionsOf(await tablesOf(input, ctx), (table) => table.name);

/** a table's fields, by name (list records' `fields` filter takes names) */
export const listFields: OptionLoader = async (input, ctx) => {
  const wanted = text(input.tableIdOrName);
  if (!wanted) return [];
  const table = (await tablesOf(input, ctx)).find((t) => t.id === wanted || t.name === wanted);
  return listIn(table?.fields).filter((f) => typeof f.name === 'string').map((f) => ({ label: f.name as string, value: f.name as string }));
};

/** the table's first 100 records, labelled by their first field's value */
export const listRecords: OptionLoader = async (input, ctx) => {
  const baseId = text(input.baseId);
  const table = text(input.tableIdOrName);
  if (!baseId || !table) return [];
  const answer = await loaderCall(input, ctx, 'airtable', {
    tool: 'AIRTABLE_LIST_RECORDS',
    args: { baseId, tableIdOrName: table, pageSize: 100 },
    direct: { method: 'POST', path: `/${seg(baseId)}/${seg(table)}/listRecords`, body: { pageSize: 100 } },
  });
  return optionsOf(listIn(answer, 'records'), (record) => {
    const first = Object.values((record.fields as Record<string, unknown>) ?? {})[0];
    return typeof first === 'string' || typeof first === 'number' ? String(first) : undefined;
  });
};
