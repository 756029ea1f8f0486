/**
 * @module runtime/services/flow-tests/dataset — a dataset (CSV or JSON lines) as test cases. CSV
 * columns: `name` (optional), `input` (the whole input, JSON) or `input.<field>`, and `expected`
 * (the whole answer, JSON or text) or `expected.<field>` (one `equals` check on that path of the
 * answer). A JSON line is `{name?, input, expected?, checks?}`. A dataset over MAX_DATASET_BYTES
 * or MAX_DATASET_ROWS is refused before anything is read; every row is read (readCase) before
 * any is stored, and a faulty one is a 400 naming the row and the field. A data source's table
 * (readTableDataset) gives rows whose columns are named as input and expected.
 */
import { parseString } from '@fast-csv/parse';
import type { Check, TestCaseInput } from '../../../contract/flow-tests.ts';
import { StatusError, ValidationError } from '../domain-errors.ts';
import { readCase } from './checks/case-input.ts';

export const MAX_DATASET_BYTES = 1024 * 1024;
export const MAX_DATASET_ROWS = 500;

export type DatasetFormat = 'csv' | 'jsonl';

/** JSON when the cell parses as JSON, else the text itself. */
function cell(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function csvRecords(text: string): Promise<Record<string, string>[]> {
  return new Promise((resolve, reject) => {
    const rows: Record<string, string>[] = [];
    parseString<Record<string, string>, Record<string, string>>(text, { headers: true, ignoreEmpty: true, trim: true, maxRows: MAX_DATASET_ROWS + 1 })
      .on('error', (error: Error) => reject(new ValidationError(`The dataset is not CSV: ${error.message}`, 'invalid_dataset')))
      .on('data', (row: Record<string, string>) => rows.push(row))
      .on('end', () => resolve(rows));
  });
}

function fromCsvRow(row: Record<string, string>, index: number): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const checks: Check[] = [];
  let wholeInput: unknown;
  for (const [column, value] of Object.entries(row)) {
    if (column === 'input') wholeInput = cell(value);
    else if (column.startsWith('input.')) input[column.slice(6)] = cell(value);
    else if (column === 'expected') checks.push({ kind: 'equals', expected: cell(value) });
    else if (column.startsWith('expected.')) checks.push({ kind: 'equals', path: column.slice(9), expected: cell(value) });
  }
  return { name: row.name || `Row ${index + 1}`, input: wholeInput ?? input, checks };
}

function fromJsonLine(line: string, index: number): Record<string, unknown> {
  let row: unknown;
  try {
    row = JSON.parse(line);
  } catch (error) {
    throw new ValidationError(`Dataset row ${index + 1}: is not JSON: ${(error as Error).message}`, 'invalid_dataset');
  }
  if (row === null || typeof row !== 'object' || Array.isArray(row)) throw new ValidationError(`Dataset row ${index + 1}: must be a JSON object`, 'invalid_dataset');
  const { name, input, expected, checks } = row as Record<string, unknown>;
  return { name: name ?? `Row ${index + 1}`, input, checks: checks ?? (expected === undefined ? [] : [{ kind: 'equals', expected }]) };
}

export async function readDataset(format: unknown, text: unknown, nodeIds: ReadonlySet<string>): Promise<TestCaseInput[]> {
  if (format !== 'csv' && format !== 'jsonl') throw new ValidationError("format must be 'csv' or 'jsonl'");
  if (typeof text !== 'string' || !text.trim()) throw new ValidationError('text must be the dataset as text');
  if (Buffer.byteLength(text) > MAX_DATASET_BYTES) throw new StatusError(413, 'dataset_too_large', `A dataset has at most ${MAX_DATASET_BYTES / 1024 / 1024} MB`);
  const rows = format === 'csv' ? (await csvRecords(text)).map(fromCsvRow) : text.split('\n').filter((l) => l.trim()).map(fromJsonLine);
  if (rows.length > MAX_DATASET_ROWS) throw new StatusError(413, 'dataset_too_large', `A dataset has at most ${MAX_DATASET_ROWS} rows`);
  return rows.map((row, i) => readCase(row, nodeIds, `row ${i + 1}`));
}

/** Reads the rows of a data source's table (runtime/integrations/sync/table-rows.ts); refuses past `limit` rows. */
export type ReadTable = (table: { sourceId: string; table: string }, limit: number) => Promise<Record<string, unknown>[]>;

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function columnsOf(value: unknown, field: string, needed: boolean): string[] {
  const ok = Array.isArray(value) && value.every(isText) && (!needed || value.length > 0);
  if (!ok) throw new ValidationError(`${field} must be a list of column names${needed ? ' (at least one)' : ''}`, 'invalid_dataset');
  return value as string[];
}

/**
 * A dataset from a data source's table (`TableDataset`): each row a case, its `inputColumns` the
 * input, each of its `expectedColumns` an `equals` check on that path of the answer, its
 * `nameColumn` (else `Row <n>`) the name. A column no row has is a 400 naming the field.
 */
export async function readTableDataset(body: Record<string, unknown>, readTable: ReadTable, nodeIds: ReadonlySet<string>): Promise<TestCaseInput[]> {
  const table = body.table;
  if (table === null || typeof table !== 'object' || Array.isArray(table)) throw new ValidationError('table must be {sourceId, table}', 'invalid_dataset');
  const { sourceId, table: name } = table as Record<string, unknown>;
  if (!isText(sourceId)) throw new ValidationError('table.sourceId must be the id of a data-source flow', 'invalid_dataset');
  if (!isText(name)) throw new ValidationError('table.table must be the name of a table of the source', 'invalid_dataset');
  const inputColumns = columnsOf(body.inputColumns, 'inputColumns', true);
  const expectedColumns = columnsOf(body.expectedColumns ?? [], 'expectedColumns', false);
  if (body.nameColumn !== undefined && !isText(body.nameColumn)) throw new ValidationError('nameColumn must be a column name', 'invalid_dataset');
  const nameColumn = body.nameColumn as string | undefined;
  const rows = await readTable({ sourceId, table: name }, MAX_DATASET_ROWS);
  if (Buffer.byteLength(JSON.stringify(rows)) > MAX_DATASET_BYTES) throw new StatusError(413, 'dataset_too_large', `A dataset has at most ${MAX_DATASET_BYTES / 1024 / 1024} MB`);
  const present = new Set(rows.flatMap((row) => Object.keys(row)));
  const named = [...inputColumns.map((c, i) => [`inputColumns[${i}]`, c]), ...expectedColumns.map((c, i) => [`expectedColumns[${i}]`, c]), ...(nameColumn ? [['nameColumn', nameColumn]] : [])];
  for (const [field, column] of named) if (!present.has(column)) throw new ValidationError(`${field} '${column}' is no column of table '${name}'`, 'invalid_dataset');
  return rows.map((row, i) =>
    readCase({
      name: nameColumn && row[nameColumn] !== undefined && row[nameColumn] !== null ? String(row[nameColumn]) : `Row ${i + 1}`,
      input: Object.fromEntries(inputColumns.map((c) => [c, row[c] ?? null])),
      checks: expectedColumns.map((c): Check => ({ kind: 'equals', path: c, expected: row[c] ?? null })),
    }, nodeIds, `row ${i + 1}`),
  );
}
