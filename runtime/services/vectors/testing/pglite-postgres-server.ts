/**
 * @module runtime/services/vectors/testing/pglite-postgres-server — a throwaway Postgres server for tests:
 * an in-memory PGlite with the vector extension, served over the Postgres wire protocol on a
 * free loopback port (`@electric-sql/pglite-socket`). The Postgres server backend's real driver
 * (node-postgres) and SQL then run over a real TCP socket where no server with pgvector exists.
 * PGlite runs one session, so clients use a pool of 1 (`poolSize`). The server accepts one
 * more connection than that, so a new client is not turned away while the server is still
 * closing the previous client's connection.
 */
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface PglitePostgresServer {
  /** postgres://… URL of the server on 127.0.0.1 and the port it got */
  url: string;
  /** The pool size for clients: 1, PGlite runs one session. */
  poolSize: number;
  stop(): Promise<void>;
}

export async function startPglitePostgresServer(): Promise<PglitePostgresServer> {
  const db = await PGlite.create({ extensions: { vector } });
  const poolSize = 1;
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: poolSize + 1 });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    poolSize,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
