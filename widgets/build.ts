/**
 * @module widgets/build — build the chat and search widgets with Vite when
 * dist/widgets/<name>.js is missing or older than the widgets' sources. `npm start`, the
 * tests and `npm run build:widgets` (which always builds) call it. A lock directory keeps
 * parallel callers (test files) from building at the same time.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withDirLock } from '../dir-lock.ts';
import { distDir, widgetsDist } from '../paths.ts';

const sources = import.meta.dirname;
const lock = join(distDir, '.widgets-build.lock');

function newest(dir: string): number {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || /\.test\.tsx?$/.test(entry.name) || entry.name.endsWith('.md')) continue;
    const path = join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return time;
}

/** Whether a widget's bundle is missing or older than the widgets' sources. */
export function widgetsStale(): boolean {
  const changed = newest(sources);
  return ['chat', 'search'].some((name) => {
    const file = join(widgetsDist, `${name}.js`);
    return !existsSync(file) || statSync(file).mtimeMs < changed;
  });
}

export async function buildWidgets(options: { force?: boolean } = {}): Promise<void> {
  await withDirLock(lock, 'widgets build', async () => {
    if (!options.force && !widgetsStale()) return;
    console.log('building the widgets…');
    const { build } = await import('vite');
    const { widgetConfig, widgetNames } = await import('./vite.config.ts');
    // Vite's production JSX depends on NODE_ENV, which test runners set to 'test'.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      for (const name of widgetNames) await build({ ...widgetConfig(name), configFile: false, mode: 'production' });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  });
}

export const buildWidgetsIfStale = () => buildWidgets();

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  buildWidgets({ force: true }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
