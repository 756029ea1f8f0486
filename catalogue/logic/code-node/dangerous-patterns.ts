/**
 * @module catalogue/logic/code-node/dangerous-patterns — the spec's refusal list (spec 000 §5
 * "Code node"). The sandbox already has none of these; refusing them up front keeps the
 * spec's error text and tells the builder early.
 */

const PATTERNS: RegExp[] = [
  /\bprocess\s*(?:\.|\[|\?\.)/, // process access
  /\brequire\s*\(/,
  /\beval\s*\(/,
  /\bFunction\s*\(/, // Function(…) and new Function(…)
  /child_process/,
  /\bmainModule\b/,
  /\bconstructor\b/, // the way from any object to Function
  /\bexecSync\s*\(/,
];

export function hasDangerousPattern(code: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(code));
}
