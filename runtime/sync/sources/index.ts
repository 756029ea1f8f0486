/**
 * @module runtime/sync/sources/index — every data-source node's SourceReader (runtime/sync/types.ts),
 * one line a reader, and the reader of a node type.
 */
import type { SourceReader } from '../types.ts';
import { onedriveReader } from './onedrive.ts';
import { sharepointReader } from './sharepoint.ts';

export const sourceReaders: SourceReader[] = [
  onedriveReader,
  sharepointReader,
];

export function readerOf(nodeType: string): SourceReader | undefined {
  return sourceReaders.find((reader) => reader.nodeType === nodeType);
}
