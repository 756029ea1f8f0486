/** @module runtime/services/flow-tests/checks/range — a number (or numeric text) within [min, max]; array length likewise. */
import type { Outcome } from './outcome.ts';
import { shown } from './value-at.ts';

const bounds = (min?: number, max?: number) => `${min ?? '-∞'} to ${max ?? '∞'}`;

function within(n: number, min?: number, max?: number): boolean {
  return (min === undefined || n >= min) && (max === undefined || n <= max);
}

export function checkRange(actual: unknown, min?: number, max?: number): Outcome {
  const n = typeof actual === 'number' ? actual : typeof actual === 'string' && actual.trim() !== '' ? Number(actual) : NaN;
  if (!Number.isFinite(n)) return { passed: false, message: `${shown(actual)} is not a number` };
  return within(n, min, max)
    ? { passed: true, message: `${n} is within ${bounds(min, max)}` }
    : { passed: false, message: `${n} is outside ${bounds(min, max)}`, diff: [{ path: '', expected: bounds(min, max), actual: n }] };
}

export function checkLength(actual: unknown, min?: number, max?: number): Outcome {
  if (!Array.isArray(actual)) return { passed: false, message: `${shown(actual)} is not an array` };
  return within(actual.length, min, max)
    ? { passed: true, message: `${actual.length} items, within ${bounds(min, max)}` }
    : { passed: false, message: `${actual.length} items, outside ${bounds(min, max)}`, diff: [{ path: '', expected: bounds(min, max), actual: actual.length }] };
}
