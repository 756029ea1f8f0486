/**
 * @module runtime/sync/sources/index — every data-source node's SourceReader (runtime/sync/types.ts),
 * one line a reader, and the reader of a node type.
 */
import type { SourceReader } from '../types.ts';
import { googleDriveReader } from './google-drive.ts';
import { googleSheetsReader } from './google-sheets.ts';
import { s3Reader } from './s3.ts';

export const sourceReaders: SourceReader[] = [
  googleSheetsReader,
  googleDriveReader,
  s3Reader,
];

export function readerOf(nodeType: string): SourceReader | undefined {
  return sourceReaders.find((reader) => reader.nodeType === nodeType);
}
