/** The Google Sheets source against a loopback server speaking the Sheets API v4 (the exact requests asserted). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { definition } from '../../../catalogue/data-source/google-sheets-trigger-node/definition.ts';
import { SHEETS_TOKEN, SPREADSHEET_ID, startSheetsApi } from '../../../catalogue/data-source/google-sheets-trigger-node/testing-sheets-api.ts';
import type { LoopbackApi } from '../../../catalogue/testing/loopback-api.ts';
import { googleSheetsReader } from '../../../catalogue/data-source/google-sheets-trigger-node/sync-reader.ts';
import { readSource } from './testing/read-source.ts';

let sheets: LoopbackApi & { base: string };
beforeAll(async () => {
  sheets = await startSheetsApi();
});
afterAll(() => sheets.close());
beforeEach(() => void (sheets.seen.length = 0));

const LINK = `https://docs.google.com/spreadsheets/d/${SPREADSHEET_ID}/edit#gid=0`;
const read = (values: Record<string, unknown>, credential: Record<string, unknown> = { access_token: SHEETS_TOKEN }) =>
  readSource(googleSheetsReader, {
    definition,
    values: { credentials: 'sheets', spreadSheetLink: LINK, sheetName: 'Customers', ...values },
    credential,
    allow: [sheets.hostPort],
    serviceUrls: { googleSheets: sheets.base },
  });

describe('Google Sheets source', () => {
  it('reads the first row as the names and the rows below in batches, one run per batch', async () => {
    const { batches, total } = await read({ batchSize: 3 });
    expect(total).toBe(7);
    expect(batches.map((b) => b.runs)).toEqual([
      [
        {
          stream: 'Customers',
          records: [
            { 'First Name': 'Ada', 'E-mail': 'ada@example.com', userID: '1' },
            { 'First Name': 'Grace', 'E-mail': 'grace@example.com', userID: '' },
          ],
        },
      ],
      [{ stream: 'Customers', records: [{ 'First Name': 'Alan', 'E-mail': 'alan@example.com', userID: '3' }] }],
      [],
    ]);
    expect(batches.map((b) => [b.records, b.cursor])).toEqual([
      [2, { row: 5 }],
      [1, { row: 8 }],
      [0, { row: 11 }],
    ]);
    expect(sheets.seen.map((r) => decodeURIComponent(r.url))).toEqual([
      `/v4/spreadsheets/${SPREADSHEET_ID}?fields=sheets.properties(title,gridProperties(rowCount,columnCount))`,
      `/v4/spreadsheets/${SPREADSHEET_ID}/values/'Customers'!1:1?majorDimension=ROWS&valueRenderOption=FORMATTED_VALUE`,
      `/v4/spreadsheets/${SPREADSHEET_ID}/values/'Customers'!2:4?majorDimension=ROWS&valueRenderOption=FORMATTED_VALUE`,
      `/v4/spreadsheets/${SPREADSHEET_ID}/values/'Customers'!5:7?majorDimension=ROWS&valueRenderOption=FORMATTED_VALUE`,
      `/v4/spreadsheets/${SPREADSHEET_ID}/values/'Customers'!8:8?majorDimension=ROWS&valueRenderOption=FORMATTED_VALUE`,
    ]);
    expect(sheets.seen.every((r) => r.headers.authorization === `Bearer ${SHEETS_TOKEN}`)).toBe(true);
  });

  it('converts the names to snake_case with namesConversion, batches of 200 by default, quotes sheet names', async () => {
    const { batches } = await read({ namesConversion: true });
    expect(batches).toHaveLength(1);
    expect(batches[0]!.runs[0]!.records).toContainEqual({ first_name: 'Ada', e_mail: 'ada@example.com', user_id: '1' });
    const quoted = await read({ sheetName: "Q1 'draft'" });
    expect(quoted.batches[0]!.runs).toEqual([{ stream: "Q1 'draft'", records: [{ Total: '42' }] }]);
    expect(decodeURIComponent(sheets.seen.at(-1)!.url)).toContain("/values/'Q1 ''draft'''!2:2?");
  });

  it('follows spec 001 §4 update rules and §5 link rule, and says what is wrong', async () => {
    expect(googleSheetsReader.recreateOn).toEqual(['credentials', 'spreadSheetLink', 'sheetName']);
    expect(googleSheetsReader.resyncOn).toEqual(['batchSize', 'namesConversion']);
    expect(() => googleSheetsReader.check({ spreadSheetLink: 'https://example.com/nothing', sheetName: 'S' }, { access_token: 't' })).toThrow(
      'Unable to setup source for Google Sheets: the spreadsheet link has no id after /d/',
    );
    expect(() => googleSheetsReader.check({ spreadSheetLink: LINK, sheetName: 'S' }, {})).toThrow('No access token available');
    await expect(read({ sheetName: 'Nope' })).rejects.toThrow('Unable to setup source for Google Sheets: the spreadsheet has no sheet named Nope');
    await expect(read({}, { access_token: 'expired' })).rejects.toMatchObject({ kind: 'user', message: 'Google Sheets: 401 Unauthorized' });
  });
});
