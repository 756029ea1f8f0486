/**
 * What `npm start` and `npm test` need from the machine: found, installed through the installer
 * when it may install, or one line saying how. Chromium's path and the installer are injected
 * (this machine has Chromium, and tests never run apt-get); the injected installer puts a real
 * executable where the missing Chromium is looked for, as apt-get would.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../paths.ts';
import { chromium, ensurePackages, missingLine, prometheusServer, redisServer, type Installer } from './system-packages.ts';
import { checkTestPackages, packagesFor } from './test-packages.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-packages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let paths = 0;
const absentChromium = () => join(dir, `chromium-${++paths}`);

/** An installer that may (or may not) install, and "installs" Chromium by writing an executable at `path`. */
function installer(options: { may: boolean; works?: boolean; path?: string }): Installer & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    canInstall: () => options.may,
    install(packages) {
      calls.push(packages);
      if (!options.works || !options.path) return false;
      writeFileSync(options.path, '#!/bin/sh\n');
      chmodSync(options.path, 0o755);
      return true;
    },
  };
}

const browserFiles = ['/repo/runtime/config.test.ts', '/repo/editor/studio-run.e2e.test.ts'];

describe('the machine packages', () => {
  it('finds what is there: Debian Chromium at /usr/bin/chromium, redis-server on the PATH', () => {
    expect(CHROMIUM).toBe('/usr/bin/chromium');
    expect(chromium().present()).toBe(true);
    expect(redisServer.present()).toBe(true);
    expect(chromium(absentChromium()).present()).toBe(false);
  });

  it('installs what is missing in one apt-get call when it may, and then finds it', () => {
    const path = absentChromium();
    const apt = installer({ may: true, works: true, path });
    const said: string[] = [];
    const missing = ensurePackages([redisServer, chromium(path)], apt, (line) => said.push(line));
    expect(missing).toEqual([]);
    expect(apt.calls).toEqual([['chromium']]);
    expect(said).toEqual(['chromium missing: installing with apt-get (Debian package chromium)…']);
  });

  it('installs nothing when it may not (not root, no apt-get), and reports what is missing', () => {
    const apt = installer({ may: false });
    const browser = chromium(absentChromium());
    expect(ensurePackages([redisServer, browser], apt, () => {})).toEqual([browser]);
    expect(apt.calls).toEqual([]);
  });

  it('reports the package still missing when apt-get fails', () => {
    const browser = chromium(absentChromium());
    const apt = installer({ may: true, works: false });
    expect(ensurePackages([browser], apt, () => {})).toEqual([browser]);
    expect(apt.calls).toEqual([['chromium']]);
  });

  it('says in one line how to get what is missing', () => {
    const line = missingLine('npm start', [redisServer], 'or point REDIS_URL at a running Redis 7 or later');
    expect(line).toBe(
      'npm start needs redis-server: install it (Debian/Ubuntu: `sudo apt-get install redis-server`) and run it again, or point REDIS_URL at a running Redis 7 or later',
    );
  });
});

describe("npm test's global setup", () => {
  it('needs Chromium only when browser tests are in the run, and redis-server only without REDIS_URL', () => {
    const browser = chromium(absentChromium());
    expect(packagesFor(browserFiles, {}, browser).packages).toEqual([redisServer, browser]);
    expect(packagesFor(browserFiles.slice(0, 1), {}, browser).packages).toEqual([redisServer]);
    expect(packagesFor(browserFiles, { REDIS_URL: 'redis://127.0.0.1:1' }, browser).packages).toEqual([browser]);
  });

  it('needs Prometheus only when the metrics scrape test is in the run', () => {
    expect(packagesFor(['runtime/services/metrics/scrape.prometheus.test.ts'], { REDIS_URL: 'redis://127.0.0.1:1' }).packages).toEqual([prometheusServer]);
    expect(packagesFor(['runtime/services/metrics/metrics.test.ts'], { REDIS_URL: 'redis://127.0.0.1:1' }).packages).toEqual([]);
  });

  it('stops a run with browser tests on a machine without Chromium with one line saying how', () => {
    const line = checkTestPackages(browserFiles, {}, installer({ may: false }), chromium(absentChromium()));
    expect(line).toBe(
      "npm test needs chromium: install it (Debian/Ubuntu: `sudo apt-get install chromium`) and run it again, or leave the browser tests out (npx vitest run --exclude '**/*.e2e.test.ts')",
    );
    expect(line).not.toContain('\n');
  });

  it('installs Chromium as root on Debian and goes on', () => {
    const path = absentChromium();
    const apt = installer({ may: true, works: true, path });
    expect(checkTestPackages(browserFiles, {}, apt, chromium(path))).toBeNull();
    expect(apt.calls).toEqual([['chromium']]);
  });

  it('goes on without asking for Chromium when no browser test is in the run', () => {
    const apt = installer({ may: true, works: true });
    expect(checkTestPackages(browserFiles.slice(0, 1), {}, apt, chromium(absentChromium()))).toBeNull();
    expect(apt.calls).toEqual([]);
  });
});
