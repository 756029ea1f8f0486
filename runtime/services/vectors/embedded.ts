/**
 * @module runtime/services/vectors/embedded — the default vector store backend: PGlite (Postgres in
 * WebAssembly, in-process) with its bundled pgvector extension. Data lives in a directory
 * (`{WEFT_DATA_DIR}/vectors`), so collections survive a restart; no server to install.
 * PGlite is pinned to 0.4.x: later releases no longer bundle the vector extension.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { VectorStore, type SqlClient } from './store.ts';

/** A PGlite database as a SqlClient; `dataDir` undefined keeps it in memory. */
export async function pgliteClient(dataDir?: string): Promise<SqlClient> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // (PGlite.create(undefined, options) ignores the options: pass them alone for memory)
  const db = dataDir ? await PGlite.create(dataDir, { extensions: { vector } }) : await PGlite.create({ extensions: { vector } });
  return {
    query: (sql, params) => db.query(sql, params),
    transaction: (fn) => db.transaction((tx) => fn({ query: (sql, params) => tx.query(sql, params) })) as ReturnType<typeof fn>,
    close: () => db.close(),
  } as SqlClient;
}

export async function openEmbeddedVectorStore(dataDir?: string): Promise<VectorStore> {
  const store = new VectorStore(await pgliteClient(dataDir));
  await store.init();
  return store;
}
