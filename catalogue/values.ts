/**
 * @module catalogue/values — a node instance's configured values against its definition:
 * defaults filled in, and the problems that make a flow unrunnable (the runtime answers 400
 * with them; the editor shows them beside the fields). Browser-safe.
 */
import { isEmptyValue, parseJsonish, toNumber } from './coerce.ts';
import { branchesProblems, conditionsProblems, mappingProblems } from './field-shapes.ts';
import type { InputField, NodeDefinition, Values } from './types.ts';

export interface ValueProblem {
  field: string;
  message: string;
}

/** The values with every missing (undefined) field set to a copy of its default. */
export function applyDefaults(definition: NodeDefinition, values: Values = {}): Values {
  const entries = Object.entries(values);
  for (const field of definition.inputs) {
    if (field.defaultValue !== undefined && values[field.name] === undefined) {
      entries.push([field.name, structuredClone(field.defaultValue)]);
    }
  }
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

/** A field with actionField/actionValue is shown (and so checked) only when that field holds that value. */
export function isFieldVisible(field: InputField, values: Values): boolean {
  if (!field.actionField) return true;
  const current = values[field.actionField];
  const wanted = Array.isArray(field.actionValue) ? field.actionValue : [field.actionValue];
  return wanted.some((w) => w === current || String(w) === String(current));
}

/** A string holding `{{…}}`: its type is only known once resolved, so type checks wait. */
function isTemplated(value: unknown): boolean {
  return typeof value === 'string' && value.includes('{{');
}

/** Everything wrong with the values (defaults applied first); empty when runnable. */
export function validateValues(definition: NodeDefinition, values: Values = {}): ValueProblem[] {
  const all = applyDefaults(definition, values);
  const problems: ValueProblem[] = [];
  for (const field of definition.inputs) {
    if (!isFieldVisible(field, all)) continue;
    const value = all[field.name];
    if (isEmptyValue(value)) {
      if (field.required) problems.push({ field: field.name, message: `${field.label} is required` });
      continue;
    }
    for (const message of fieldProblems(field, value)) problems.push({ field: field.name, message });
  }
  return problems;
}

function fieldProblems(field: InputField, value: unknown): string[] {
  const { label } = field;
  switch (field.type) {
    case 'number':
      return isTemplated(value) ? [] : numberProblems(field, value);
    case 'boolean':
      return isTemplated(value) || typeof value === 'boolean' || value === 'true' || value === 'false'
        ? []
        : [`${label} must be true or false`];
    case 'select': {
      const allowed = (field.values ?? []).map((o) => o.value);
      return allowed.includes(value as string) ? [] : [`${label} must be one of: ${allowed.join(', ')}`];
    }
    case 'multiSelect': {
      const allowed = (field.values ?? []).map((o) => o.value);
      if (!Array.isArray(value)) return [`${label} must be a list`];
      const bad = value.filter((v) => !allowed.includes(v));
      return bad.length ? [`${label} must only hold: ${allowed.join(', ')}`] : [];
    }
    case 'json':
      return isTemplated(value) || parseJsonish(value).ok ? [] : [`${label} must be valid JSON`];
    case 'list':
      return isTemplated(value) || Array.isArray(value) ? [] : [`${label} must be a list`];
    case 'conditions':
      return conditionsProblems(value);
    case 'branches':
      return branchesProblems(value);
    case 'mapping':
      return mappingProblems(value, Boolean(field.values?.length));
    default:
      return [];
  }
}

function numberProblems(field: InputField, value: unknown): string[] {
  const n = toNumber(value);
  const { label, minValue: min, maxValue: max } = field;
  if (n === undefined) return [`${label} must be a number`];
  const below = min !== undefined && n < min;
  const above = max !== undefined && n > max;
  if (!below && !above) return [];
  if (min !== undefined && max !== undefined) return [`${label} must be between ${min} and ${max}`];
  return below ? [`${label} must be at least ${min}`] : [`${label} must be at most ${max}`];
}
