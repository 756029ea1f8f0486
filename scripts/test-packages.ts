/**
 * @module scripts/test-packages — vitest global setup, before the test Redis starts: what this
 * run needs from the machine (redis-server unless REDIS_URL is set, Chromium when browser tests
 * are in the run, Prometheus for the metrics test) is found or installed as `npm start` does, or the run stops with one line.
 */
import type { TestProject } from 'vitest/node';
import { chromium, ensurePackages, missingLine, prometheusServer, redisServer, type Installer, type SystemPackage } from './system-packages.ts';

const BROWSER_TEST = /\.e2e\.test\.tsx?$/;
const PROMETHEUS_TEST = /\.prometheus\.test\.ts$/;

/** The packages a run of these test files needs, and what to say when some cannot be had. */
export function packagesFor(files: string[], env: NodeJS.ProcessEnv, browser = chromium()): { packages: SystemPackage[]; otherwise: (missing: SystemPackage[]) => string } {
  const packages = [
    ...(env.REDIS_URL ? [] : [redisServer]),
    ...(files.some((f) => BROWSER_TEST.test(f)) ? [browser] : []),
    ...(files.some((f) => PROMETHEUS_TEST.test(f)) ? [prometheusServer] : []),
  ];
  const otherwise = (missing: SystemPackage[]) =>
    [
      ...(missing.includes(redisServer) ? ['or set REDIS_URL to a running Redis 7 or later'] : []),
      ...(missing.includes(browser) ? ["or leave the browser tests out (npx vitest run --exclude '**/*.e2e.test.ts')"] : []),
      ...(missing.includes(prometheusServer) ? ["or leave the Prometheus test out (npx vitest run --exclude '**/*.prometheus.test.ts')"] : []),
    ].join(', ');
  return { packages, otherwise };
}

/** The one line to stop the run with, or null when everything it needs is there (installed now if it was not). */
export function checkTestPackages(files: string[], env: NodeJS.ProcessEnv, installer?: Installer, browser?: SystemPackage): string | null {
  const { packages, otherwise } = packagesFor(files, env, browser);
  const missing = ensurePackages(packages, installer);
  return missing.length ? missingLine('npm test', missing, otherwise(missing)) : null;
}

export default async function setup(project: TestProject) {
  // the file filters of this run (`npx vitest run editor/`): vitest keeps them on its instance only
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  const line = checkTestPackages(testFiles, process.env);
  if (!line) return;
  console.error(line);
  process.exit(1);
}
