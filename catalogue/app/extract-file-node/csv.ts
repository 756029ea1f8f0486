/**
 * @module catalogue/app/extract-file-node/csv — CSV rows with @fast-csv/parse, whose options
 * are the node's own (delimiter, headers, quote, ignoreEmpty, comment, discardUnmappedColumns,
 * trim/rtrim/ltrim, maxRows, skipRows), so each field means exactly what that parser documents.
 */
import { parseString } from '@fast-csv/parse';
import { PROGRESS_EVERY_ROWS, type ParseLimits } from './limits.ts';
import { type CsvOptions, ParseFailure, type Progress } from './parse-types.ts';

export type CsvRow = Record<string, string> | string[];

export function csvRows(text: string, options: CsvOptions, limits: ParseLimits, progress: Progress): Promise<CsvRow[]> {
  // maxRows 0 reads every row, up to the limit (one more is read to tell that the limit was passed)
  const wanted = options.maxRows > 0 ? Math.min(options.maxRows, limits.maxRows) : limits.maxRows + 1;
  return new Promise((resolve, reject) => {
    const rows: CsvRow[] = [];
    let stream;
    try {
      stream = parseString<CsvRow, CsvRow>(text, {
        delimiter: options.delimiter,
        headers: options.headers,
        quote: options.quote || null,
        ignoreEmpty: options.ignoreEmpty,
        comment: options.comment || undefined,
        discardUnmappedColumns: options.discardUnmappedColumns,
        trim: options.trim,
        rtrim: options.rtrim,
        ltrim: options.ltrim,
        maxRows: wanted,
        skipRows: options.skipRows,
      });
    } catch (error) {
      reject(new ParseFailure(`Invalid CSV options: ${(error as Error).message}`));
      return;
    }
    stream.on('error', (error: Error) => reject(new ParseFailure(`Invalid or unsupported file format: CSV: ${error.message}`)));
    stream.on('data', (row: CsvRow) => {
      rows.push(row);
      if (rows.length % PROGRESS_EVERY_ROWS === 0) progress(`Read ${rows.length} rows`, rows.length);
    });
    stream.on('end', () => {
      if (options.maxRows === 0 && rows.length > limits.maxRows) {
        reject(new ParseFailure(`The CSV has more than ${limits.maxRows} rows; set Maximum rows to read part of it`));
        return;
      }
      progress(`Read ${rows.length} rows`, rows.length, rows.length);
      resolve(rows);
    });
  });
}
