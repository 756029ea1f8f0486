/**
 * @module catalogue/app/extract-file-node/parse-types — what crosses between the node and its
 * parsing worker: the job, the options, the answers.
 */
import type { DetectedFormat } from './formats.ts';
import type { ParseLimits } from './limits.ts';

export interface CsvOptions {
  delimiter: string;
  headers: boolean;
  quote: string;
  ignoreEmpty: boolean;
  comment?: string;
  discardUnmappedColumns: boolean;
  trim: boolean;
  rtrim: boolean;
  ltrim: boolean;
  /** 0: every row */
  maxRows: number;
  skipRows: number;
}

export type TextEncoding = 'utf8' | 'ascii' | 'utf16le';

export interface ParseOptions {
  password?: string;
  returnRawText: boolean;
  joinPages: boolean;
  encoding: TextEncoding;
  /** the first row of a CSV or of a sheet names the columns */
  headers: boolean;
  /** present when the format may be CSV (auto or csv) */
  csv?: CsvOptions;
}

export interface ParseJob {
  format: DetectedFormat;
  bytes: Uint8Array;
  options: ParseOptions;
  limits: ParseLimits;
}

/** worker → node */
export type WorkerMessage =
  | { type: 'progress'; message: string; done: number; total?: number }
  | { type: 'done'; data: unknown }
  | { type: 'failed'; message: string; expected: boolean };

export type Progress = (message: string, done: number, total?: number) => void;

/** A file the parser refuses, with the reason the node reports (a user error: the file's fault). */
export class ParseFailure extends Error {
  override name = 'ParseFailure';
}
