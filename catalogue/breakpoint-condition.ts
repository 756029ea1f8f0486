/**
 * @module catalogue/breakpoint-condition — a breakpoint's condition over the message it holds
 * (docs/debugging.md#breakpoints), with the pieces the flows already use: templates read the
 * message (`{{message.output.total}}`, or `{{<source node>.output.total}}`: the message is the
 * source node's output), the Condition node's comparison compares. `<left> <operator> <right>`
 * (operators `==`, `!=`, `>=`, `<=`, `>`, `<`, `like`, `ilike`), or one template alone: it
 * holds when the value is there and not false, 0 or ''.
 */
import { isEmptyValue } from './coerce.ts';
import { CONDITION_OPERATORS, type ConditionOperator } from './field-shapes.ts';
import { compare } from './logic/condition-node/compare.ts';
import { resolveTemplates } from './template.ts';
import { PLACEHOLDER } from './template-path.ts';

/** The alias a condition's templates read the message by. */
export const MESSAGE_ALIAS = 'message';

interface Parsed {
  left: string;
  operator?: ConditionOperator;
  right?: string;
}

// longest first: '>=' before '>'
const operators = [...CONDITION_OPERATORS].sort((a, b) => b.length - a.length);

/** Split a condition at its operator (outside placeholders), or null when it has none. */
function parse(condition: string): Parsed {
  // placeholders masked, so an operator inside one is not taken
  const masked = condition.replace(PLACEHOLDER, (match) => '_'.repeat(match.length));
  for (const operator of operators) {
    const at = masked.indexOf(` ${operator} `);
    if (at >= 0) return { left: condition.slice(0, at).trim(), operator, right: condition.slice(at + operator.length + 2).trim() };
  }
  return { left: condition.trim() };
}

/** What is wrong with a condition, or null: a problem text for a 400 (the caller names the field). */
export function conditionProblem(condition: unknown): string | null {
  const example = 'an expression over the message, such as {{message.output.total}} > 100';
  if (typeof condition !== 'string' || condition.trim() === '') return example;
  const { left, operator, right } = parse(condition);
  if (!operator && !/^\{\{[^{}]*\}\}$/.test(left)) return `${example} (no operator: one template alone)`;
  if (operator && (left === '' || right === '')) return `${operator} needs a value on each side`;
  if (!new RegExp(PLACEHOLDER.source).test(condition)) return `${example}: it reads no template`;
  return null;
}

/** Whether `condition` holds for `message`, sent by node `source`. */
export function conditionHolds(condition: string, message: unknown, source: string): boolean {
  const outputs = { [MESSAGE_ALIAS]: message, [source]: message };
  const value = (side: string) => resolveTemplates(side, { outputs });
  const { left, operator, right } = parse(condition);
  if (!operator) {
    const one = value(left);
    return !isEmptyValue(one) && one !== false && one !== 0;
  }
  return compare(value(left), operator, value(right ?? ''));
}
