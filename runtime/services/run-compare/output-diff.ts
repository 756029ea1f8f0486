/**
 * @module runtime/services/run-compare/output-diff — a structural diff of two JSON outputs: the
 * paths added, removed and changed (dotted, '' the whole value), on the flow tests' value walk
 * (checks/diff.ts). Pure.
 */
import type { OutputDiff } from '../../../contract/run-compare.ts';
import { MAX_DIFF_ENTRIES, diffValues } from '../flow-tests/checks/diff.ts';

export function outputDiff(before: unknown, after: unknown): OutputDiff {
  const entries = diffValues(before, after);
  const diff: OutputDiff = { added: [], removed: [], changed: [] };
  for (const { path, expected, actual } of entries) {
    if (expected === undefined) diff.added.push({ path, value: actual });
    else if (actual === undefined) diff.removed.push({ path, value: expected });
    else diff.changed.push({ path, before: expected, after: actual });
  }
  if (entries.length >= MAX_DIFF_ENTRIES) diff.truncated = true;
  return diff;
}

export const isSame = (diff: OutputDiff): boolean => diff.added.length + diff.removed.length + diff.changed.length === 0;
