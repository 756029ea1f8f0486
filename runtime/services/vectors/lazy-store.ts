/**
 * @module runtime/services/vectors/lazy-store — the process's vector store: a Postgres server with
 * pgvector when DATABASE_URL is set (runtime/config.ts `databaseUrl`), else the embedded PGlite under `{dataDir}/vectors`.
 * Nothing of it is loaded at start: the backend's module (PGlite's WebAssembly Postgres, or
 * `pg`) is imported and opened on the first call that needs the store (a vector node run, a
 * search widget call), so a weft whose projects use no vectors never holds it in memory.
 * Concurrent first calls share one opening; an opening that fails is reported to the calls
 * waiting on it and tried again by the next call. The embedded store belongs to one process:
 * run several weft processes against DATABASE_URL.
 */
import { join } from 'node:path';
import type { VectorStore } from './store.ts';

export interface LazyVectorStore {
  get(): Promise<VectorStore>;
  /** whether a call has asked for the store yet (its backend's module loaded or loading) */
  readonly started: boolean;
  close(): Promise<void>;
}

async function openConfigured(dataDir: string, databaseUrl: string | undefined): Promise<VectorStore> {
  if (databaseUrl) return (await import('./postgres.ts')).openPostgresVectorStore(databaseUrl);
  return (await import('./embedded.ts')).openEmbeddedVectorStore(join(dataDir, 'vectors'));
}

export function lazyVectorStore(
  dataDir: string,
  databaseUrl: string | undefined,
  open: () => Promise<VectorStore> = () => openConfigured(dataDir, databaseUrl),
): LazyVectorStore {
  let opening: Promise<VectorStore> | undefined;
  let started = false;
  return {
    get started() {
      return started;
    },
    get() {
      started = true;
      if (!opening) {
        const attempt = open();
        opening = attempt;
        // a failed opening is not kept: the next call tries again
        attempt.catch(() => {
          if (opening === attempt) opening = undefined;
        });
      }
      return opening;
    },
    async close() {
      if (opening) await (await opening.catch(() => undefined))?.close();
      opening = undefined;
    },
  };
}
