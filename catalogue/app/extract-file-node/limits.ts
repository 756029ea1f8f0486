/**
 * @module catalogue/app/extract-file-node/limits — how far a parse may go before it fails the
 * node (docs/files.md, "Limits"). A parse runs in a worker thread whose heap is
 * capped and which is terminated at its deadline, so a file that beats the checks below still
 * cannot take the server down.
 */
export interface ParseLimits {
  /** pages of a PDF read at most (a PDF of more pages fails, it is not cut short silently) */
  maxPdfPages: number;
  /** bytes the entries of a DOCX/XLSX (a zip) may declare, all together, uncompressed */
  maxUncompressedBytes: number;
  /** entries a DOCX/XLSX may hold */
  maxZipEntries: number;
  /** rows of a CSV or of all the sheets of a spreadsheet */
  maxRows: number;
  /** wall-clock time of one file's parse */
  timeoutMs: number;
  /** heap of the parsing worker */
  memoryMb: number;
}

export const PARSE_LIMITS: ParseLimits = {
  maxPdfPages: 2_000,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxZipEntries: 10_000,
  maxRows: 1_000_000,
  timeoutMs: 60_000,
  memoryMb: 512,
};

/** rows between two progress events */
export const PROGRESS_EVERY_ROWS = 1_000;
