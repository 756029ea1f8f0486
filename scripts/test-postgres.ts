/**
 * @module scripts/test-postgres — vitest global setup: when the run holds tests of the Postgres
 * nodes, reader or routes (a path naming postgres), a PostgreSQL server must answer at
 * WEFT_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres, trust
 * authentication). A Debian cluster that is installed but stopped is started
 * (`pg_ctlcluster`, as root); otherwise the run stops with one line saying how (`.ci/run`
 * installs and starts one). Each test file makes a database of its own and drops it.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import type { TestProject } from 'vitest/node';
import { TEST_POSTGRES_URL } from '../runtime/postgres/testing/test-database.ts';

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

/** start every installed Debian cluster named main (what .ci/run does) */
function startLocalClusters(): void {
  if (process.getuid?.() !== 0 || spawnSync('pg_ctlcluster', ['--help'], { stdio: 'ignore' }).error) return;
  let versions: string[] = [];
  try {
    versions = readdirSync('/etc/postgresql');
  } catch {
    return;
  }
  for (const version of versions) spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
}

export default async function setup(project: TestProject) {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  if (!needsPostgres(testFiles)) return;
  const url = new URL(TEST_POSTGRES_URL);
  const port = Number(url.port || 5432);
  if (await answers(url.hostname, port)) return;
  if (['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)) startLocalClusters();
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
