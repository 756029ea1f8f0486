/** @module runtime/services/flow-tests/checks/equals — the value equals the expected one, deeply, but for the ignored paths. */
import { diffValues } from './diff.ts';
import type { Outcome } from './outcome.ts';

export function checkEquals(actual: unknown, expected: unknown, ignore?: string[]): Outcome {
  const diff = diffValues(expected, actual, ignore);
  if (!diff.length) return { passed: true, message: 'Equal to the expected value' };
  const where = diff.map((d) => d.path || '(the whole value)').slice(0, 5).join(', ');
  return { passed: false, message: `Differs from the expected value at ${where}`, diff };
}
