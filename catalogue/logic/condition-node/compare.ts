/**
 * @module catalogue/logic/condition-node/compare — one comparison and operand trees
 * (spec 000 §5): numbers compare numerically when both sides are numeric, anything else as
 * text; `like` is a substring or %-pattern match and `ilike` its inverse.
 */
import { isPlainObject, toNumber } from '../../coerce.ts';
import { userError } from '../../errors.ts';
import { CONDITION_OPERATORS, type ConditionOperator, isOperandGroup } from '../../field-shapes.ts';

export function compare(left: unknown, operator: unknown, right: unknown): boolean {
  if (!CONDITION_OPERATORS.includes(operator as ConditionOperator)) {
    throw userError(`Operator: ${String(operator)} is not supported!`);
  }
  const op = operator as ConditionOperator;
  if (op === 'like') return like(asText(left), asText(right));
  if (op === 'ilike') return !like(asText(left), asText(right));
  const a = toNumber(left);
  const b = toNumber(right);
  const [x, y]: [number | string, number | string] = a !== undefined && b !== undefined ? [a, b] : [asText(left), asText(right)];
  switch (op) {
    case '==': return x === y;
    case '!=': return x !== y;
    case '<': return x < y;
    case '>': return x > y;
    case '<=': return x <= y;
    case '>=': return x >= y;
  }
}

/** Evaluate operands joined by the group's combinator; a nested group is one operand. */
export function evaluateGroup(group: Record<string, unknown>, label: string): boolean {
  const combinator = group.combinator ?? 'AND';
  if (combinator !== 'AND' && combinator !== 'OR') throw userError(`Combinator: ${String(combinator)} is not supported!`);
  const operands = group.operands;
  if (!Array.isArray(operands) || operands.length === 0) throw userError(`${label} has no operands`);
  const test = (operand: unknown): boolean => {
    if (isOperandGroup(operand)) return evaluateGroup(operand as unknown as Record<string, unknown>, label);
    if (!isPlainObject(operand)) throw userError(`${label} has an operand that is not a comparison`);
    return compare(operand.name, operand.operator, operand.value);
  };
  // Every operand's operator is checked even when the answer is already known.
  const results = operands.map(test);
  return combinator === 'AND' ? results.every(Boolean) : results.some(Boolean);
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function like(text: string, pattern: string): boolean {
  if (!pattern.includes('%')) return text.includes(pattern);
  const source = [...pattern]
    .map((ch) => (ch === '%' ? '.*' : ch === '_' ? '.' : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 's').test(text);
}
