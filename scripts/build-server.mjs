// @ts-check
/**
 * @module scripts/build-server — `npm run build`: the server side (scripts/start.ts and everything it
 * imports: runtime, actors, catalogue, contract) compiled by esbuild to plain JavaScript in
 * dist/server, which `npm start` runs with node (no TypeScript loader). `--if-stale` (what
 * `npm start` passes) builds only when dist/server is missing or one of its sources is newer.
 *
 * Plain JavaScript itself, so that node runs it before anything is compiled. Packages stay
 * imports of node_modules (`packages: 'external'`). Files the sources read next to themselves at
 * run time (Lua scripts, the demo flows, the docs, the editor build) are read where they are in
 * the source tree: each module's `import.meta.dirname` and `import.meta.filename` are its source
 * file's, as under tsx. `import.meta.url` stays the output's, so that a worker thread's
 * `new URL('./<name>.mjs', import.meta.url)` finds that worker's own entry, built next to start.mjs.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
export const serverDist = join(root, 'dist', 'server');
const metafile = join(serverDist, 'meta.json');

/** Output name (without .mjs) → source. Worker threads' entries are named as the sources' URLs name them. */
const entryPoints = {
  start: 'scripts/start.ts',
  'sandbox-worker': 'catalogue/logic/code-node/sandbox-worker.mjs',
  'parse-worker-entry': 'catalogue/app/extract-file-node/parse-worker.ts',
};

/** Each project module's `import.meta.dirname`/`filename` made its source file's, relative to the output. */
const sourcePaths = {
  name: 'source-paths',
  /** @param {import('esbuild').PluginBuild} plugin */
  setup(plugin) {
    plugin.onLoad({ filter: /\.(ts|tsx|mjs)$/ }, (args) => {
      if (/[\\/]node_modules[\\/]/.test(args.path)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!/import\.meta\.(dirname|filename)/.test(text)) return undefined;
      const dir = JSON.stringify(relative(serverDist, dirname(args.path)));
      const file = JSON.stringify(relative(serverDist, args.path));
      const prelude =
        `import { join as __sourceJoin } from 'node:path';\n` +
        `const __sourceDirname = __sourceJoin(import.meta.dirname, ${dir});\n` +
        `const __sourceFilename = __sourceJoin(import.meta.dirname, ${file});\n`;
      const contents = prelude + text.replaceAll('import.meta.dirname', '__sourceDirname').replaceAll('import.meta.filename', '__sourceFilename');
      const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js';
      return { contents, loader };
    });
  },
};

/** True when dist/server is missing, or a source it was built from (or this script) changed since. */
export function serverStale() {
  if (!existsSync(metafile)) return true;
  const built = statSync(metafile).mtimeMs;
  /** @type {{ inputs: Record<string, unknown> }} */
  const meta = JSON.parse(readFileSync(metafile, 'utf8'));
  const sources = [...Object.keys(meta.inputs), relative(root, import.meta.filename)];
  return sources.some((source) => {
    const path = join(root, source);
    return !existsSync(path) || statSync(path).mtimeMs > built;
  });
}

/** How long the files of an earlier build are kept: a process started from it may still import a chunk lazily. */
const KEEP_EARLIER_MS = 24 * 3600 * 1000;

/**
 * Build into a fresh folder, then move its files into dist/server one by one (each rename atomic):
 * the chunks first, the entries next, meta.json last, so a start never finds an entry without its
 * chunks and a build is complete once it counts as fresh. The files of earlier builds stay a day.
 */
export async function buildServer() {
  const next = `${serverDist}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints,
      outdir: next,
      outExtension: { '.js': '.mjs' },
      chunkNames: 'chunk-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'warning',
      plugins: [sourcePaths],
    });
    writeFileSync(join(next, 'meta.json'), JSON.stringify({ inputs: result.metafile.inputs }));
    const rank = (/** @type {string} */ name) => (name === 'meta.json' ? 2 : name.startsWith('chunk-') ? 0 : 1);
    const files = readdirSync(next).sort((a, b) => rank(a) - rank(b));
    mkdirSync(serverDist, { recursive: true });
    for (const name of files) renameSync(join(next, name), join(serverDist, name));
    const built = new Set(files);
    for (const name of readdirSync(serverDist)) {
      const path = join(serverDist, name);
      if (!built.has(name) && statSync(path).mtimeMs < Date.now() - KEEP_EARLIER_MS) rmSync(path, { force: true });
    }
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const ifStale = process.argv.includes('--if-stale');
  if (!ifStale || serverStale()) {
    console.log('building the server (dist/server)…');
    await buildServer();
  }
}
