/**
 * @module runtime/services/flow-tests/checks/contains — a text holds a substring, or an array an
 * item (deeply equal); an object's values are searched as an array's items.
 */
import { deepEqual } from './diff.ts';
import type { Outcome } from './outcome.ts';
import { shown } from './value-at.ts';

function holds(actual: unknown, wanted: unknown): boolean {
  if (typeof actual === 'string') return typeof wanted === 'string' && actual.includes(wanted);
  if (Array.isArray(actual)) return actual.some((item) => deepEqual(item, wanted));
  if (actual !== null && typeof actual === 'object') return Object.values(actual).some((item) => deepEqual(item, wanted));
  return false;
}

export function checkContains(actual: unknown, wanted: unknown): Outcome {
  return holds(actual, wanted)
    ? { passed: true, message: `Contains ${shown(wanted)}` }
    : { passed: false, message: `${shown(actual)} does not contain ${shown(wanted)}` };
}

export function checkNotContains(actual: unknown, unwanted: unknown): Outcome {
  return holds(actual, unwanted)
    ? { passed: false, message: `${shown(actual)} contains ${shown(unwanted)}` }
    : { passed: true, message: `Does not contain ${shown(unwanted)}` };
}
