import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Files reachable from `file` through value imports (type-only imports vanish in the browser). */
function valueImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, clause, from] of source.matchAll(/^import\s+(type\s+)?[^'"]*from\s+'([^']+)'/gm)) {
    if (clause) continue;
    if (!from.startsWith('.')) {
      seen.add(from);
      continue;
    }
    valueImports(resolve(dirname(file), from), seen);
  }
  return seen;
}

describe('definitions.ts', () => {
  it('pulls in no executor, sandbox or Node built-in (the editor bundles it)', () => {
    const files = [...valueImports(resolve(here, 'definitions.ts'))].map((f) => f.replace(`${here}/`, ''));
    expect(files.filter((f) => !f.startsWith('/') && !f.endsWith('.ts'))).toEqual([]);
    expect(files.filter((f) => /run\.ts$|sandbox|executors|registry/.test(f))).toEqual([]);
    expect(files).toContain('logic/code-node/definition.ts');
  });
});
