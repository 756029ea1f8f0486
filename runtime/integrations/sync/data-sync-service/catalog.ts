/**
 * @module runtime/integrations/sync/data-sync-service/catalog — a connection's `syncCatalog.streams` (spec
 * 001 §7) from the streams `sources/discover_schema` found: the ones the node chose are
 * selected, each in the job's sync mode (incremental or full refresh, appended to the
 * destination); a stream that cannot sync incrementally is read in full.
 */
import type { SyncMode } from '../../../services/sync-sources/types.ts';

type Stream = Record<string, unknown>;

export interface CatalogStream {
  stream: Stream;
  config: Stream;
}

const objectOf = (value: unknown): Stream => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Stream) : {});

/** the discovered catalog's streams; [] when the answer holds none */
export function discoveredStreams(answer: Record<string, unknown>): CatalogStream[] {
  const streams = objectOf(answer.catalog).streams;
  return Array.isArray(streams) ? streams.map((entry) => ({ stream: objectOf(objectOf(entry).stream), config: objectOf(objectOf(entry).config) })) : [];
}

export const isIncremental = (mode: SyncMode) => mode === 'incremental' || mode === 'incremental_append';

/** one stream in the job's mode; `selected` given, else as it was */
export function inSyncMode(entry: CatalogStream, mode: SyncMode, selected?: boolean): CatalogStream {
  const modes = Array.isArray(entry.stream.supportedSyncModes) ? entry.stream.supportedSyncModes : ['full_refresh', 'incremental'];
  const incremental = isIncremental(mode) && modes.includes('incremental');
  const cursorField = entry.config.cursorField ?? entry.stream.defaultCursorField ?? [];
  return {
    stream: entry.stream,
    config: {
      ...entry.config,
      syncMode: incremental ? 'incremental' : 'full_refresh',
      destinationSyncMode: 'append',
      ...(incremental ? { cursorField } : {}),
      selected: selected ?? entry.config.selected ?? true,
    },
  };
}

/** the connection's streams: each discovered one, selected when the node chose it */
export function connectionStreams(discovered: CatalogStream[], mode: SyncMode, chosen: (stream: { name: string; namespace?: string }) => boolean): CatalogStream[] {
  return discovered.map((entry) => {
    const name = String(entry.stream.name ?? '');
    const namespace = typeof entry.stream.namespace === 'string' ? entry.stream.namespace : undefined;
    return inSyncMode(entry, mode, chosen(namespace === undefined ? { name } : { name, namespace }));
  });
}
