/**
 * @module catalogue/app/extract-file-node/sheets — spreadsheet sheets as rows of cells.
 * XLSX: exceljs (maintained, reads with saxes, which expands no custom entities). Legacy XLS:
 * SheetJS 0.18.5, the only XLS reader in the registry, which has published advisories
 * (prototype pollution CVE-2023-30533, ReDoS CVE-2024-22363) fixed only in releases outside
 * it: it is imported for .xls alone, inside the parsing worker (its own V8 isolate, so a
 * polluted prototype dies with it), with the worker's memory and time limits.
 */
import { PROGRESS_EVERY_ROWS, type ParseLimits } from './limits.ts';
import { ParseFailure, type Progress } from './parse-types.ts';

export type Cell = string | number | boolean | null;
export interface Sheet {
  name: string;
  rows: Cell[][];
}

export async function xlsxSheets(bytes: Uint8Array, limits: ParseLimits, progress: Progress): Promise<Sheet[]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch (error) {
    throw new ParseFailure(`Invalid or unsupported file format: ${(error as Error).message}`);
  }
  const counter = rowCounter(limits, progress);
  const sheets: Sheet[] = [];
  workbook.eachSheet((worksheet) => {
    const rows: Cell[][] = [];
    worksheet.eachRow({ includeEmpty: false }, (row) => {
      counter();
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows.push(Array.from(values, cellValue));
    });
    sheets.push({ name: worksheet.name, rows });
  });
  return sheets;
}

export async function xlsSheets(bytes: Uint8Array, limits: ParseLimits, progress: Progress): Promise<Sheet[]> {
  const XLSX = await import('xlsx');
  let workbook;
  try {
    workbook = XLSX.read(bytes, { type: 'array', cellFormula: false, cellHTML: false, cellDates: true });
  } catch (error) {
    throw new ParseFailure(`Invalid or unsupported file format: ${(error as Error).message}`);
  }
  const counter = rowCounter(limits, progress);
  return workbook.SheetNames.map((name) => {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[name]!, { header: 1, defval: null, blankrows: false, raw: true });
    for (let i = 0; i < rows.length; i++) counter();
    return { name, rows: rows.map((row) => row.map(cellValue)) };
  });
}

/** Counts rows across sheets: progress every PROGRESS_EVERY_ROWS, a failure past the limit. */
function rowCounter(limits: ParseLimits, progress: Progress): () => void {
  let count = 0;
  return () => {
    count += 1;
    if (count > limits.maxRows) throw new ParseFailure(`The spreadsheet has more than ${limits.maxRows} rows; it is refused`);
    if (count % PROGRESS_EVERY_ROWS === 0) progress(`Read ${count} rows`, count);
  };
}

/** A cell as JSON: dates as ISO text, formulas by their result, rich text and links by their text. */
function cellValue(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('result' in v) return cellValue(v.result);
    if (Array.isArray(v.richText)) return v.richText.map((run: { text?: string }) => run.text ?? '').join('');
    if ('text' in v) return cellValue(v.text);
    if ('error' in v) return String(v.error);
  }
  return String(value);
}

/** Rows keyed by the first row (headers), or as they are. */
export function shapeRows(rows: Cell[][], headers: boolean): Array<Record<string, Cell>> | Cell[][] {
  if (!headers || rows.length === 0) return rows;
  const names = rows[0]!.map((cell, i) => (cell === null || cell === '' ? `column${i + 1}` : String(cell)));
  return rows.slice(1).map((row) => Object.fromEntries(names.map((name, i) => [name, row[i] ?? null])));
}

/** A sheet as CSV text (returnRawText). */
export function sheetText(rows: Cell[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\n');
}

function csvCell(cell: Cell): string {
  const text = cell === null ? '' : String(cell);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
