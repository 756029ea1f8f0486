import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** Files reachable from `file` through value imports (type-only imports vanish in the browser). */
function valueImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  if (!/\.tsx?$/.test(file)) return seen;
  const source = readFileSync(file, 'utf8');
  for (const [, clause, from] of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'"]*?from\s+)?'([^']+)'/gm)) {
    if (clause) continue;
    if (from.startsWith('.')) valueImports(resolve(dirname(file), from), seen);
    else seen.add(from);
  }
  return seen;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name));
}

describe('the browser bundles (editor, widgets)', () => {
  it('import node definitions only: no executor, node list, sandbox or Node built-in', () => {
    const reached = new Set<string>();
    for (const file of [...sources(join(root, 'editor')), ...sources(join(root, 'widgets'))]) {
      if (file.includes('/testing/') || file.endsWith('vite.config.ts') || file.endsWith('/build.ts')) continue;
      for (const f of valueImports(file)) reached.add(f.startsWith('/') ? relative(root, f) : f);
    }
    const catalogue = [...reached].filter((f) => f.startsWith('catalogue/'));
    expect(catalogue.filter((f) => /\/run\.ts$|sandbox|nodes\.ts$|define-node|registry/.test(f))).toEqual([]);
    expect([...reached].filter((f) => f.startsWith('node:'))).toEqual([]);
    expect(catalogue).toContain('catalogue/values.ts');
  });

  it('can take any definition file: none reaches an executor', () => {
    const definitions = sources(join(root, 'catalogue')).filter((f) => f.endsWith('/definition.ts'));
    expect(definitions.length).toBeGreaterThan(30);
    for (const file of definitions) {
      const reached = [...valueImports(file)].map((f) => (f.startsWith('/') ? relative(root, f) : f));
      expect(reached.filter((f) => /\/run\.ts$|sandbox|nodes\.ts$|define-node|^node:/.test(f)), file).toEqual([]);
    }
  });
});
