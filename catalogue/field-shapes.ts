/**
 * @module catalogue/field-shapes — the value shapes of the structured field types
 * (`conditions`, `branches`, `agentPaths`, `mapping`), shared by the editor's forms, validation and the
 * executors, with the checks that find malformed ones. Browser-safe: pure data and functions.
 */
import { isEmptyValue, isPlainObject } from './coerce.ts';

/** Condition operators (spec 000 §5); `ilike` is the inverse of `like`. */
export const CONDITION_OPERATORS = ['==', '>=', '<=', '<', '>', '!=', 'like', 'ilike'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export const COMBINATORS = ['AND', 'OR'] as const;
export type Combinator = (typeof COMBINATORS)[number];
/** The label of the catch-all last condition. */
export const ELSE_LABEL = 'Else';

/** One comparison: `name` is the left side (usually a template), `value` the right side. */
export interface Operand {
  name: unknown;
  operator: ConditionOperator | string;
  value: unknown;
}
/** Operands joined by AND or OR; an operand may itself be a group (a condition tree). */
export interface OperandGroup {
  combinator?: Combinator;
  operands: Array<Operand | OperandGroup>;
}
/** A condition row: 'Condition 1', 'Condition 2', … and a last `{ label: 'Else' }`. */
export interface Condition extends Partial<OperandGroup> {
  label: string;
}

/** An agent path of an agent classifier: its name is an output handle; the model reads its description. */
export interface AgentPath {
  name: string;
  description?: string;
}

/** A mapping row; `type` is present for typed mappings (the Variables node). */
export interface MappingRow {
  key: string;
  type?: MappingType;
  value: unknown;
}
export const MAPPING_TYPES = ['string', 'number', 'boolean', 'array', 'object'] as const;
export type MappingType = (typeof MAPPING_TYPES)[number];

export function conditionLabel(index: number): string {
  return `Condition ${index + 1}`;
}

export function isOperandGroup(item: unknown): item is OperandGroup {
  return isPlainObject(item) && Array.isArray(item.operands);
}

/** Output handles of a conditions value: each condition's label, then 'Else' once, last. */
export function conditionHandles(value: unknown): string[] {
  const labels = Array.isArray(value)
    ? value.filter(isPlainObject).map((c) => String(c.label ?? '')).filter((l) => l && l !== ELSE_LABEL)
    : [];
  return [...new Set(labels), ELSE_LABEL];
}

/** Output handles of a branches value: the branch names (of a list of `{ name }` objects too: a supervisor's agents). */
export function branchHandles(value: unknown): string[] {
  const names = Array.isArray(value) ? value.map((b) => (isPlainObject(b) ? b.name : b)) : [];
  return [...new Set(names.map((b) => String(b ?? '').trim()).filter(Boolean))];
}

/** Output handles of an agentPaths value: the path names. */
export function agentPathHandles(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.filter(isPlainObject).map((p) => String(p.name ?? '').trim()).filter(Boolean))] : [];
}

export function conditionsProblems(value: unknown): string[] {
  if (!Array.isArray(value)) return ['Conditions must be a list'];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const condition of value) {
    if (!isPlainObject(condition) || typeof condition.label !== 'string' || !condition.label.trim()) {
      problems.push('Every condition needs a label');
      continue;
    }
    if (seen.has(condition.label)) problems.push(`Condition label "${condition.label}" is used twice`);
    seen.add(condition.label);
    if (condition.label === ELSE_LABEL) continue;
    problems.push(...groupProblems(condition, condition.label));
  }
  return problems;
}

function groupProblems(group: Record<string, unknown>, label: string): string[] {
  const problems: string[] = [];
  const combinator = group.combinator ?? 'AND';
  if (!COMBINATORS.includes(combinator as Combinator)) problems.push(`Combinator: ${String(combinator)} is not supported!`);
  if (!Array.isArray(group.operands) || group.operands.length === 0) return [...problems, `${label} has no operands`];
  for (const operand of group.operands) {
    if (isOperandGroup(operand)) problems.push(...groupProblems(operand as unknown as Record<string, unknown>, label));
    else if (!isPlainObject(operand)) problems.push(`${label} has an operand that is not a comparison`);
    else if (!CONDITION_OPERATORS.includes(operand.operator as ConditionOperator)) {
      problems.push(`Operator: ${String(operand.operator)} is not supported!`);
    }
  }
  return problems;
}

export function branchesProblems(value: unknown): string[] {
  if (!Array.isArray(value)) return ['Branches must be a list of branch names'];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const branch of value) {
    const name = typeof branch === 'string' ? branch.trim() : '';
    if (!name) {
      problems.push('Branch names must not be empty');
      continue;
    }
    if (seen.has(name)) problems.push(`Branch name "${name}" is used twice`);
    seen.add(name);
  }
  return problems;
}

export function agentPathsProblems(value: unknown): string[] {
  if (!Array.isArray(value)) return ['Agent paths must be a list of { name, description }'];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const path of value) {
    const name = isPlainObject(path) && typeof path.name === 'string' ? path.name.trim() : '';
    if (!name) {
      problems.push('Every agent path needs a name');
      continue;
    }
    if (seen.has(name)) problems.push(`Agent path "${name}" is used twice`);
    seen.add(name);
    if (isPlainObject(path) && path.description !== undefined && typeof path.description !== 'string') {
      problems.push(`The description of agent path "${name}" must be text`);
    }
  }
  return problems;
}

/** `typed`: rows carry a `type` among MAPPING_TYPES (missing means string). */
export function mappingProblems(value: unknown, typed: boolean): string[] {
  if (isPlainObject(value) && !typed) return [];
  if (!Array.isArray(value)) return ['Mapping must be a list of rows'];
  const problems: string[] = [];
  for (const row of value) {
    if (!isPlainObject(row)) {
      problems.push('Every mapping row must be an object');
      continue;
    }
    const keyless = typeof row.key !== 'string' || !row.key.trim();
    // a blank row (as forms leave a trailing one) is no mistake: it maps nothing
    if (keyless && isEmptyValue(row.value)) continue;
    if (keyless) problems.push('Every mapping row needs a key');
    if (typed && row.type !== undefined && !MAPPING_TYPES.includes(row.type as MappingType)) {
      problems.push(`Type: ${String(row.type)} is not supported!`);
    }
  }
  return problems;
}
