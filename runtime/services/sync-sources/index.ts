/**
 * @module runtime/services/sync-sources — the reader of every data-source node (catalogue/sync-reader.ts
 * `SourceReader`, declared in the node's folder): a flow whose trigger's type has a reader is a
 * data-source flow, and deploying it makes its sync job (runtime/integrations/sync/sync-jobs.ts).
 * A new source is its node's `sync-reader.ts`, declared by the node (`{ syncReader }`).
 */
import { nodeSourceReaders } from '../../../catalogue/nodes.ts';
import type { AnySourceReader } from './types.ts';

/** the shipped sources: the readers the data-source nodes declare (defineNode(…, { syncReader })) */
export const sourceReaders: readonly AnySourceReader[] = nodeSourceReaders;

/** readers added while the process runs: a test's own source (`WeftOptions.extraSourceReaders`) */
const added = new Map<string, AnySourceReader>();

/** the reader of a node type; none for a node that is not a data source */
export function readerOf(nodeType: string): AnySourceReader | undefined {
  return sourceReaders.find((reader) => reader.nodeType === nodeType) ?? added.get(nodeType);
}

/** Register a reader that is not in the list (tests, a node added with `extraNodes`). */
export function addSourceReader(reader: AnySourceReader): void {
  if (sourceReaders.some((shipped) => shipped.nodeType === reader.nodeType)) throw new Error(`${reader.nodeType} has a reader already`);
  added.set(reader.nodeType, reader);
}

/** the node types of every data-source trigger (the production call's `sync` door) */
export function sourceNodeTypes(): string[] {
  return [...sourceReaders.map((reader) => reader.nodeType), ...added.keys()];
}
