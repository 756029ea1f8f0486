/**
 * @module scripts/test-postgres — vitest global setup: when the run holds tests of the Postgres
 * nodes, reader or routes (a path naming postgres), a PostgreSQL server must answer at
 * WEFT_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres, trust
 * authentication). As root, a local server that does not answer is installed when missing and
 * started (scripts/postgres-cluster.sh, as .ci/run does); otherwise the run stops with one line
 * saying how. Each test file makes a database of its own and drops it.
 */
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEST_POSTGRES_URL } from '../runtime/services/postgres/testing/test-database.ts';

const POSTGRES_TEST = /postgres[^/]*\/.*\.test\.ts$|postgres[^/]*\.test\.ts$/;

export const needsPostgres = (files: string[]): boolean => files.some((file) => POSTGRES_TEST.test(file));

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    const done = (ok: boolean) => (socket.destroy(), resolve(ok));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** as root on Debian: install PostgreSQL when it is missing and start it (scripts/postgres-cluster.sh, as .ci/run does) */
function setUpLocalServer(): void {
  if (process.getuid?.() !== 0) return;
  spawnSync('bash', [join(import.meta.dirname, 'postgres-cluster.sh')], { stdio: 'inherit' });
}

export default async function setup(project: TestProject) {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  if (!needsPostgres(testFiles)) return;
  const url = new URL(TEST_POSTGRES_URL);
  const port = Number(url.port || 5432);
  if (await answers(url.hostname, port)) return;
  if (['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)) setUpLocalServer();
  for (let i = 0; i < 20; i++) {
    if (await answers(url.hostname, port)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(
    `npm test needs a PostgreSQL server at ${url.hostname}:${port} for the Postgres tests: install and start one (Debian/Ubuntu: \`sudo apt-get install postgresql\`, ` +
      'then allow trust for 127.0.0.1 in pg_hba.conf, as .ci/run does), or set WEFT_TEST_POSTGRES_URL, ' +
      "or leave them out (npx vitest run --exclude '**/*postgres*/**' --exclude '**/*postgres*.test.ts')",
  );
  process.exit(1);
}
