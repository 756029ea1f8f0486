/**
 * @module catalogue/data-source/google-sheets-trigger-node/testing-sheets-api — a loopback server
 * speaking the Google Sheets API v4 (`spreadsheets.get` with the sheets' sizes, `values.get` of
 * `'<sheet>'!<first>:<last>`) for one spreadsheet, refusing any other bearer token; it records
 * every request (startLoopbackApi).
 */
import { startLoopbackApi, type LoopbackApi } from '../../testing/loopback-api.ts';

export const SPREADSHEET_ID = '1AbCdEfGhIjKlMnOpQrStUv';
export const SHEETS_TOKEN = 'ya29.sheets-access-token';

/** the sheet "Customers": a header row, four rows (one empty), then blank grid rows */
export const CUSTOMERS = [
  ['First Name', 'E-mail', '', 'userID', 'E-mail'],
  ['Ada', 'ada@example.com', 'x', '1'],
  ['Grace', 'grace@example.com'],
  [],
  ['Alan', 'alan@example.com', '', '3'],
];
const SHEETS: Record<string, { rows: string[][]; rowCount: number }> = {
  Customers: { rows: CUSTOMERS, rowCount: 8 },
  "Q1 'draft'": { rows: [['Total'], ['42']], rowCount: 2 },
};

export async function startSheetsApi(): Promise<LoopbackApi & { base: string }> {
  const api = await startLoopbackApi((request) => {
    const url = new URL(request.url, 'http://x');
    if (request.headers.authorization !== `Bearer ${SHEETS_TOKEN}`) return { status: 401, body: { error: { code: 401, status: 'UNAUTHENTICATED' } } };
    const [, v4, spreadsheets, id, values, range] = url.pathname.split('/');
    if (v4 !== 'v4' || spreadsheets !== 'spreadsheets' || id !== SPREADSHEET_ID) return { status: 404, body: { error: { code: 404, status: 'NOT_FOUND' } } };
    if (!values) {
      const sheets = Object.entries(SHEETS).map(([title, s]) => ({ properties: { title, gridProperties: { rowCount: s.rowCount, columnCount: 26 } } }));
      return { body: { sheets } };
    }
    const match = decodeURIComponent(range ?? '').match(/^'((?:[^']|'')+)'!(\d+):(\d+)$/);
    const sheet = match && SHEETS[match[1]!.replace(/''/g, "'")];
    if (!match || !sheet) return { status: 400, body: { error: { code: 400, message: `Unable to parse range: ${range}` } } };
    const rows = sheet.rows.slice(Number(match[2]) - 1, Number(match[3]));
    while (rows.length && rows.at(-1)!.length === 0) rows.pop();
    return { body: { range: decodeURIComponent(range!), majorDimension: 'ROWS', ...(rows.length ? { values: rows } : {}) } };
  });
  return Object.assign(api, { base: `${api.url}/v4` });
}
