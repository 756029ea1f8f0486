/**
 * @module runtime/services/flow-tests/dataset — a dataset (CSV or JSON lines) as test cases. CSV
 * columns: `name` (optional), `input` (the whole input, JSON) or `input.<field>`, and `expected`
 * (the whole answer, JSON or text) or `expected.<field>` (one `equals` check on that path of the
 * answer). A JSON line is `{name?, input, expected?, checks?}`. A dataset over MAX_DATASET_BYTES
 * or MAX_DATASET_ROWS is refused before anything is read; every row is read (readCase) before
 * any is stored, and a faulty one is a 400 naming the row and the field.
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
