/**
 * @module runtime/integrations/sync/sources — the reader of every data-source node (runtime/services/sync-sources/types.ts
 * `SourceReader`): a flow whose trigger's type has a reader here is a data-source flow, and
 * deploying it makes its sync job (runtime/integrations/sync/sync-jobs.ts). A new source is one import line
 * and one entry in `sourceReaders`.
 */
import { nodeSourceReaders } from '../../../catalogue/nodes.ts';
import type { AnySourceReader } from './types.ts';
import { googleDriveReader } from './google-drive.ts';
import { googleSheetsReader } from './google-sheets.ts';
import { onedriveReader } from './onedrive.ts';
import { s3Reader } from './s3.ts';
import { sharepointReader } from './sharepoint.ts';

/** the shipped sources, one line each */
export const sourceReaders: readonly AnySourceReader[] = [
  googleSheetsReader,
  googleDriveReader,
  s3Reader,
  onedriveReader,
  sharepointReader,
  // the readers the nodes declare (defineNode(…, { syncReader })): Postgres
  ...nodeSourceReaders,
];

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
