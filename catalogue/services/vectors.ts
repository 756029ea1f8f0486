/**
 * @module catalogue/services/vectors — what vector and search executors get as
 * `ctx.services.vectors`: the vector store of their own project (runtime/vectors implements it). A
 * node names a collection by its vectorDB name; the runtime stores it as
 * `{projectSlug}_{vectorDB}`, so a project only ever sees its own. Types only: browser-safe.
 */

import type { Bm25Fields } from '../ai/bm25-fields.ts';

export type Properties = Record<string, unknown>;

export interface IndexOptions {
  /** metadata keys that identify a record: an incoming record with the same values is a duplicate */
  primaryKeys: string[];
  /** overwrite (default): the stored duplicates are deleted first; skip: the incoming record is left out */
  duplicateOperation: 'overwrite' | 'skip';
}

export interface IndexResult {
  recordsIndexed: number;
  duplicateRecordsDeleted: number;
  duplicatesSkipped: number;
}

export interface VectorAccess {
  index(vectorDB: string, records: { vector: number[]; properties: Properties }[], options: IndexOptions): Promise<IndexResult>;
  filter(vectorDB: string, filters: unknown, limit: number): Promise<{ id: string; properties: Properties }[]>;
  delete(vectorDB: string, filters: unknown): Promise<number>;
  nearVector(vectorDB: string, vector: number[], options: { limit: number; certainty?: number; filters?: unknown }): Promise<{ id: string; properties: Properties; certainty: number; distance: number }[]>;
  keyword(vectorDB: string, query: string, options: { limit: number; filters?: unknown; fields?: Bm25Fields }): Promise<{ id: string; properties: Properties; score: number }[]>;
}
