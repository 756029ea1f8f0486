import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const modules = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** Every module named by an import or re-export of `source`, type-only ones included. */
function specifiers(source: string): string[] {
  return [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gm), ...source.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]);
}

describe('contract/', () => {
  it('holds the wire modules', () => {
    expect(modules).toEqual(expect.arrayContaining(['errors.ts', 'flow-document.ts', 'run-events.ts', 'runs.ts', 'logs.ts', 'credentials.ts', 'models.ts', 'search.ts']));
  });

  it.each(modules)('%s imports nothing outside contract/ (the studio and the widgets bundle it)', (file) => {
    const source = readFileSync(resolve(here, file), 'utf8');
    const outside = specifiers(source).filter((from) => !from.startsWith('./') || dirname(resolve(here, from)) !== here);
    expect(outside).toEqual([]);
  });

  it.each(modules)('%s uses no Node global (it runs in browsers as well)', (file) => {
    const code = readFileSync(resolve(here, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(code.match(/\b(Buffer|process|require|__dirname|__filename|global)\b/g) ?? []).toEqual([]);
  });
});
