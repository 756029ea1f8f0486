/**
 * @module catalogue/data-source/google-sheets-trigger-node/sync-reader — the Google Sheets source's SourceReader (spec 001
 * §3–§5): the sheet's size (`spreadsheets.get`), its first row as the column names (snake_case
 * with namesConversion), then the rows below in batches of batchSize (`values.get` of
 * `'<sheet>'!<first>:<last>`), one run per batch with `{records, stream: sheetName}`. Empty rows
 * are left out. Full refresh: every sync starts at row 2; the cursor is the next row, so a sync
 * cut short resumes after its last batch.
 */
import { accessTokenOf } from '../../app/access-token.ts';
import { userError } from '../../errors.ts';
import { columnsOf, rowsOf, SETUP_ERROR, sheetsOf, spreadsheetIdOf } from './sheets-api.ts';
import { serviceDefaults } from '../../service-urls.ts';
import type { SourceBatch, SourceReadContext, SourceReader } from '../../sync-reader.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const googleSheetsReader: SourceReader = {
  nodeType: 'googleSheetsTriggerNode',
  // spec 001 §4: these recreate source and connection; batchSize and namesConversion update the source and sync
  recreateOn: ['credentials', 'spreadSheetLink', 'sheetName'],
  resyncOn: ['batchSize', 'namesConversion'],
  check(values, credential) {
    accessTokenOf(credential);
    spreadsheetIdOf(text(values.spreadSheetLink));
    if (!text(values.sheetName)) throw userError(`${SETUP_ERROR}: Sheet is required`);
  },
  read: readSheet,
};

async function* readSheet(ctx: SourceReadContext): AsyncIterable<SourceBatch> {
  googleSheetsReader.check(ctx.values, ctx.credential);
  const id = spreadsheetIdOf(text(ctx.values.spreadSheetLink));
  const sheet = text(ctx.values.sheetName);
  const base = ctx.serviceUrl?.('googleSheets') ?? serviceDefaults.googleSheets;
  const access = { http: ctx.http, base, token: accessTokenOf(ctx.credential), signal: ctx.signal };
  const properties = (await sheetsOf(access, id)).find((s) => s.title === sheet);
  if (!properties) throw userError(`${SETUP_ERROR}: the spreadsheet has no sheet named ${sheet}`);
  const [header = []] = await rowsOf(access, id, sheet, 1, 1);
  const columns = columnsOf(header, ctx.values.namesConversion === true);
  const batchSize = Math.max(1, Number(ctx.values.batchSize) || ctx.batchSize);
  ctx.total(Math.max(0, properties.rowCount - 1));
  const resumeAt = (ctx.cursor as { row?: unknown } | null)?.row;
  for (let first = typeof resumeAt === 'number' ? resumeAt : 2; first <= properties.rowCount; first += batchSize) {
    const rows = await rowsOf(access, id, sheet, first, Math.min(first + batchSize - 1, properties.rowCount));
    const records = rows
      .filter((row) => row.some((cell) => cell.trim() !== ''))
      .map((row) => Object.fromEntries(columns.map(({ name, index }) => [name, row[index] ?? ''])));
    yield { runs: records.length ? [{ records, stream: sheet }] : [], records: records.length, cursor: { row: first + batchSize } };
  }
}
