/**
 * @module catalogue/data-source/google-sheets-trigger-node/sheets-api — the Google Sheets API v4
 * calls of the Google Sheets source and its dropdowns: the spreadsheet id from its link (spec
 * 001 §5: the path segment after /d/), the sheets with their sizes (`spreadsheets.get`), a range
 * of rows (`spreadsheets.values.get`), and column names as snake_case (namesConversion).
 */
import { userError } from '../../errors.ts';
import { googleJson, type GoogleAccess } from '../../app/cloud-drive-read-node/drive-files.ts';

export const SHEETS_ERROR = 'Google Sheets';
export const SETUP_ERROR = 'Unable to setup source for Google Sheets';

export interface SheetProperties {
  title: string;
  rowCount: number;
  columnCount: number;
}

/** spec 001 §5: the id is the link's path segment after /d/ (an id alone is taken as it is) */
export function spreadsheetIdOf(link: string): string {
  const value = link.trim();
  const id = value.match(/\/d\/([\w-]+)/)?.[1] ?? (/^[\w-]{10,}$/.test(value) ? value : undefined);
  if (!id) throw userError(`${SETUP_ERROR}: the spreadsheet link has no id after /d/`);
  return id;
}

/** A sheet in A1 notation: quoted, its quotes doubled. */
export const quotedSheet = (title: string) => `'${title.replace(/'/g, "''")}'`;

export async function sheetsOf(access: GoogleAccess, spreadsheetId: string): Promise<SheetProperties[]> {
  const fields = 'sheets.properties(title,gridProperties(rowCount,columnCount))';
  const answer = await googleJson<{ sheets?: Array<{ properties?: { title?: string; gridProperties?: { rowCount?: number; columnCount?: number } } }> }>(
    access,
    `${access.base}/spreadsheets/${encodeURIComponent(spreadsheetId)}?fields=${encodeURIComponent(fields)}`,
    SHEETS_ERROR,
  );
  return (answer.sheets ?? [])
    .map(({ properties }) => ({ title: properties?.title ?? '', rowCount: properties?.gridProperties?.rowCount ?? 0, columnCount: properties?.gridProperties?.columnCount ?? 0 }))
    .filter((sheet) => sheet.title);
}

/** Rows `first` to `last` (1-based, inclusive) of a sheet, as the cells' formatted values. */
export async function rowsOf(access: GoogleAccess, spreadsheetId: string, sheet: string, first: number, last: number): Promise<string[][]> {
  const range = encodeURIComponent(`${quotedSheet(sheet)}!${first}:${last}`);
  const answer = await googleJson<{ values?: unknown[][] }>(
    access,
    `${access.base}/spreadsheets/${encodeURIComponent(spreadsheetId)}/values/${range}?majorDimension=ROWS&valueRenderOption=FORMATTED_VALUE`,
    SHEETS_ERROR,
  );
  return (answer.values ?? []).map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));
}

/** 'First Name' → first_name, 'userID' → user_id, '2024 Sales' → _2024_sales (accents dropped) */
export function snakeCaseName(name: string): string {
  const plain = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const words = plain
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const snake = words.join('_').toLowerCase();
  return /^\d/.test(snake) ? `_${snake}` : snake;
}

/** The column names of a header row: blank ones and repeats left out, with their column index. */
export function columnsOf(header: string[], namesConversion: boolean): Array<{ name: string; index: number }> {
  const seen = new Set<string>();
  const columns: Array<{ name: string; index: number }> = [];
  header.forEach((cell, index) => {
    const name = namesConversion ? snakeCaseName(cell) : cell.trim();
    if (!name || seen.has(name)) return;
    seen.add(name);
    columns.push({ name, index });
  });
  return columns;
}
