/** @module runtime/sync/sources — every data-source node's source reader (runtime/sync/types.ts SourceReader), by node type. One line a reader. */
import type { SourceReader } from '../types.ts';
import { postgresReader } from './postgres.ts';

export const sourceReaders: SourceReader[] = [postgresReader];

/** the reader of a data-source node type, if it has one */
export function readerOf(nodeType: string): SourceReader | undefined {
  return sourceReaders.find((reader) => reader.nodeType === nodeType);
}
