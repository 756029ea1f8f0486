/** @module runtime/services/flow-tests/checks/regex — a text matches a regular expression. */
import type { Outcome } from './outcome.ts';
import { shown } from './value-at.ts';

/** The pattern's fault, or null when it compiles. */
export function regexFault(pattern: string, flags?: string): string | null {
  try {
    new RegExp(pattern, flags);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

export function checkRegex(actual: unknown, pattern: string, flags?: string): Outcome {
  if (typeof actual !== 'string') return { passed: false, message: `${shown(actual)} is not text` };
  return new RegExp(pattern, flags).test(actual)
    ? { passed: true, message: `Matches /${pattern}/${flags ?? ''}` }
    : { passed: false, message: `${shown(actual)} does not match /${pattern}/${flags ?? ''}` };
}
