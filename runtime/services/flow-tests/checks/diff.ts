/**
 * @module runtime/services/flow-tests/checks/diff — where two JSON values differ, path by path
 * (dotted; '' the whole value), leaving out the paths a check ignores (`*` matches any key or index).
 */
import type { DiffEntry } from '../../../../contract/flow-tests.ts';

/** At most this many differences are listed. */
export const MAX_DIFF_ENTRIES = 50;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

function ignored(path: string[], patterns: string[][]): boolean {
  return patterns.some((pattern) => pattern.length === path.length && pattern.every((part, i) => part === '*' || part === path[i]));
}

export function diffValues(expected: unknown, actual: unknown, ignore: string[] = []): DiffEntry[] {
  const patterns = ignore.map((p) => p.split('.'));
  const entries: DiffEntry[] = [];
  const walk = (e: unknown, a: unknown, path: string[]) => {
    if (entries.length >= MAX_DIFF_ENTRIES || (path.length && ignored(path, patterns))) return;
    if (isObject(e) && isObject(a) && Array.isArray(e) === Array.isArray(a)) {
      const keys = new Set([...Object.keys(e), ...Object.keys(a)]);
      for (const key of keys) walk(e[key], a[key], [...path, key]);
      return;
    }
    if (e === a || (Number.isNaN(e) && Number.isNaN(a))) return;
    entries.push({ path: path.join('.'), ...(e !== undefined ? { expected: e } : {}), ...(a !== undefined ? { actual: a } : {}) });
  };
  walk(expected, actual, []);
  return entries;
}

/** Deep equality of JSON values. */
export const deepEqual = (a: unknown, b: unknown): boolean => diffValues(a, b).length === 0;
