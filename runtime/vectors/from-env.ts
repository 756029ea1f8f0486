/**
 * @module runtime/vectors/from-env — the process's vector store: a Postgres server with
 * pgvector when DATABASE_URL is set, else the embedded PGlite under `{dataDir}/vectors`.
 * Opened on first use (PGlite takes a few seconds to start). The embedded store belongs to
 * one process: run several weft processes against DATABASE_URL.
 */
import { join } from 'node:path';
import { openEmbeddedVectorStore } from './embedded.ts';
import { openPostgresVectorStore } from './postgres.ts';
import type { VectorStore } from './store.ts';

export interface LazyVectorStore {
  get(): Promise<VectorStore>;
  close(): Promise<void>;
}

export function vectorStoreFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): LazyVectorStore {
  let opening: Promise<VectorStore> | undefined;
  return {
    get() {
      opening ??= env.DATABASE_URL ? openPostgresVectorStore(env.DATABASE_URL) : openEmbeddedVectorStore(join(dataDir, 'vectors'));
      return opening;
    },
    async close() {
      if (opening) await (await opening.catch(() => undefined))?.close();
    },
  };
}
