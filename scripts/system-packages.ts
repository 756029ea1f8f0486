/**
 * @module scripts/system-packages — the programs weft's commands need from the machine (redis-server
 * for `npm start` and `npm test`, Chromium for the browser tests, Prometheus for the metrics test): found, or installed with
 * apt-get when running as root on Debian, or else one line saying how to get them.
 */
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { CHROMIUM } from '../paths.ts';

export interface SystemPackage {
  /** the Debian package that provides it */
  debian: string;
  present(): boolean;
}

/** What installing touches; the real one runs apt-get, tests inject their own. */
export interface Installer {
  /** whether this process may install packages (root, and apt-get exists) */
  canInstall(): boolean;
  /** install these Debian packages; false when apt-get failed */
  install(packages: string[]): boolean;
}

const succeeds = (command: string, args: string[], env?: NodeJS.ProcessEnv) =>
  spawnSync(command, args, { stdio: 'inherit', env: env && { ...process.env, ...env } }).status === 0;

export const aptGet: Installer = {
  canInstall: () => process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0,
  install: (packages) =>
    succeeds('apt-get', ['update', '-qq']) &&
    succeeds('apt-get', ['install', '-y', '-qq', ...packages], { DEBIAN_FRONTEND: 'noninteractive' }),
};

export const redisServer: SystemPackage = {
  debian: 'redis-server',
  present: () => spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0,
};

/** Debian's Prometheus: the metrics test scrapes a weft with a real one. */
export const prometheusServer: SystemPackage = {
  debian: 'prometheus',
  present: () => spawnSync('prometheus', ['--version'], { stdio: 'ignore' }).status === 0,
};

/** Debian's Chromium at `path` (CHROMIUM unless a test names another). */
export function chromium(path = CHROMIUM): SystemPackage {
  return {
    debian: 'chromium',
    present() {
      try {
        accessSync(path, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * Make sure every package is present: those missing are installed in one apt-get call when the
 * installer can. Resolves to the packages still missing afterwards (none: all is well).
 */
export function ensurePackages(packages: SystemPackage[], installer: Installer = aptGet, log = console.log): SystemPackage[] {
  const missing = packages.filter((p) => !p.present());
  if (missing.length === 0 || !installer.canInstall()) return missing;
  const names = missing.map((p) => p.debian);
  log(`${names.join(' and ')} missing: installing with apt-get (Debian package${names.length > 1 ? 's' : ''} ${names.join(', ')})…`);
  installer.install(names);
  return missing.filter((p) => !p.present());
}

/** The one line to stop with when `missing` could not be installed: what `command` needs and how to get it. */
export function missingLine(command: string, missing: SystemPackage[], otherwise: string): string {
  const names = missing.map((p) => p.debian);
  return `${command} needs ${names.join(' and ')}: install ${names.length > 1 ? 'them' : 'it'} (Debian/Ubuntu: \`sudo apt-get install ${names.join(' ')}\`) and run it again, ${otherwise}`;
}
