/**
 * @module catalogue/data-source/document-text — a synced file's bytes as the text of its document
 * (the `content` output of the file sources), by Extract from File's own parsers: the format
 * from the bytes and the name (Markdown is text), parsed in a worker thread with its memory and
 * time limits. A file no parser reads fails with the reason, which the reader hands on as
 * `_ab_source_file_parse_error`.
 */
import { userError } from '../errors.ts';
import { detectFormat, isImageFormat } from '../app/extract-file-node/formats.ts';
import { PARSE_LIMITS } from '../app/extract-file-node/limits.ts';
import { parseInWorker } from '../app/extract-file-node/parse-in-worker.ts';
import type { ParseOptions } from '../app/extract-file-node/parse-types.ts';

/** PDF pages joined, Word documents with their shape, text as it is */
const DOCUMENT_OPTIONS: ParseOptions = { returnRawText: false, joinPages: true, encoding: 'utf8', headers: true };

export async function documentText(bytes: Uint8Array, filename: string, signal: AbortSignal): Promise<string> {
  const detected = detectFormat({ bytes, mimeType: '', filename });
  if (!detected || (isImageFormat(detected) && detected !== 'svg')) throw userError(`Invalid or unsupported file format: ${filename}`);
  // CSV and JSON documents are read as their text
  const format = detected === 'csv' || detected === 'json' ? 'txt' : detected;
  const data = await parseInWorker({ format, bytes, options: DOCUMENT_OPTIONS, limits: PARSE_LIMITS }, filename, () => {}, signal);
  return typeof data === 'string' ? data : JSON.stringify(data);
}
