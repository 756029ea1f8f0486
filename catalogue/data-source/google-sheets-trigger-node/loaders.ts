/**
 * @module catalogue/data-source/google-sheets-trigger-node/loaders — the Google Sheets source's
 * dropdowns (spec 001 §2/§7: POST /api/google-sheets/list-sheets, get-first-row): the
 * spreadsheet's sheets, and the column names of a sheet's first row. `input.credentials` names
 * the googleSheetsOauth credential; the spreadsheet is `input.spreadSheetLink` (or the spec's
 * `input.sheetId`), the sheet `input.sheetName`. Anything missing or refused: an empty list.
 */
import { accessTokenOf } from '../../app/access-token.ts';
import type { GoogleAccess } from '../../app/cloud-drive-read-node/drive-files.ts';
import type { OptionLoader, OptionLoaderContext } from '../../option-loaders.ts';
import type { FieldOption } from '../../types.ts';
import { columnsOf, rowsOf, sheetsOf, spreadsheetIdOf } from './sheets-api.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

async function withSpreadsheet(input: Record<string, unknown>, ctx: OptionLoaderContext, load: (access: GoogleAccess, id: string) => Promise<FieldOption[]>): Promise<FieldOption[]> {
  try {
    const name = text(input.credentials);
    const link = text(input.spreadSheetLink) || text(input.sheetId);
    if (!name || !link) return [];
    const token = accessTokenOf(await ctx.credentials.get(name));
    return await load({ http: ctx.http, base: ctx.serviceUrl('googleSheets'), token }, spreadsheetIdOf(link));
  } catch {
    return [];
  }
}

export const googleSheetsListSheets: OptionLoader = (input, ctx) =>
  withSpreadsheet(input, ctx, async (access, id) => (await sheetsOf(access, id)).map(({ title }) => ({ label: title, value: title })));

export const googleSheetsFirstRow: OptionLoader = (input, ctx) =>
  withSpreadsheet(input, ctx, async (access, id) => {
    const sheet = text(input.sheetName);
    if (!sheet) return [];
    const [header = []] = await rowsOf(access, id, sheet, 1, 1);
    return columnsOf(header, input.namesConversion === true).map(({ name }) => ({ label: name, value: name }));
  });
