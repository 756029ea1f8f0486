/**
 * @module catalogue/values — a node instance's values against its definition, one way for
 * both moments: when a flow is saved (`validateValues`: the problems that make it unrunnable;
 * the runtime answers 400 with them, the editor shows them beside the fields) and when a node
 * is about to run (`checkValues`: templates resolved, each value coerced to its field's type,
 * defaults in, hidden fields out). Browser-safe.
 */
import { isEmptyValue, parseJsonish, toNumber } from './coerce.ts';
import { agentPathsProblems, branchesProblems, conditionsProblems, mappingProblems } from './field-shapes.ts';
import type { FieldType, InputField, NodeDefinition, TemplateMiss, Unresolved, Values } from './types.ts';

export interface ValueProblem {
  field: string;
  message: string;
}

export interface CheckedValues {
  /** declared fields coerced to their types (hidden and empty optional ones left out); other keys untouched */
  values: Values;
  problems: ValueProblem[];
}

/** The values with every missing (undefined) field set to a copy of its default. */
export function applyDefaults(definition: NodeDefinition, values: Values = {}): Values {
  const entries = Object.entries(values);
  for (const field of definition.inputs) {
    if (field.defaultValue !== undefined && values[field.name] === undefined) {
      // a copy, so no run changes the definition's own (primitives need none)
      const value = field.defaultValue;
      entries.push([field.name, typeof value === 'object' && value !== null ? structuredClone(value) : value]);
    }
  }
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

/** A new node's values (the studio's Add node): every default, a field's form default where it has one. */
export function initialValues(definition: NodeDefinition): Values {
  const values = applyDefaults(definition, {});
  for (const field of definition.inputs) if (field.formDefault !== undefined) values[field.name] = structuredClone(field.formDefault);
  return values;
}

/** A field with actionField/actionValue is shown (and so checked) only when that field holds that value. */
export function isFieldVisible(field: InputField, values: Values): boolean {
  if (!field.actionField) return true;
  const current = values[field.actionField];
  const wanted = Array.isArray(field.actionValue) ? field.actionValue : [field.actionValue];
  return wanted.some((w) => w === current || String(w) === String(current));
}

/** Everything wrong with the saved values (defaults applied first); empty when runnable. */
export function validateValues(definition: NodeDefinition, values: Values = {}): ValueProblem[] {
  return checkValues(definition, values, { resolved: false }).problems;
}

/**
 * The values read against the definition. `resolved: false` (saving): strings holding `{{…}}`
 * skip the type checks, their type is known only at run time. `resolved: true` (running):
 * every value is checked and coerced, an empty value of an optional field takes its default,
 * a required field emptied by a placeholder in `unresolved` fails naming it, and a field
 * hidden by actionField/actionValue is not passed on.
 */
export function checkValues(
  definition: NodeDefinition,
  values: Values = {},
  { resolved, unresolved = {} }: { resolved: boolean; unresolved?: Unresolved },
): CheckedValues {
  const all = applyDefaults(definition, values);
  const out: Values = { ...all };
  const problems: ValueProblem[] = [];
  for (const field of definition.inputs) {
    delete out[field.name];
    if (!isFieldVisible(field, all)) continue;
    let value = all[field.name];
    // a template that resolved to nothing takes the default, unless the builder must give a value
    if (resolved && !field.required && isMissing(field, value) && field.defaultValue !== undefined) value = structuredClone(field.defaultValue);
    if (isMissing(field, value)) {
      if (field.required) problems.push({ field: field.name, message: requiredProblem(field, unresolved[field.name]) });
      // an empty optional value is passed only where its type has an empty form ('' text, [] list)
      if (value === undefined || value === null || (typeof value === 'string' && !TEXT_TYPES.has(field.type))) continue;
    }
    const read = resolved || !isTemplated(value) ? readField(field, value, resolved) : ok(value);
    for (const message of read.problems) problems.push({ field: field.name, message: invalidText(field, value) ?? message });
    out[field.name] = read.value;
  }
  return { values: out, problems };
}

/**
 * What a save would say of one literal value typed into a field (the definition's own text
 * first), or '' when it is fine. Empty and templated values wait, as saving lets them: the
 * editor refuses a wrong literal as it is typed, with the words a run would use.
 */
export function literalProblem(field: InputField, value: unknown): string {
  if (isEmptyValue(value) || isTemplated(value)) return '';
  const read = readField(field, value, false);
  return read.problems.length ? (invalidText(field, value) ?? read.problems[0]) : '';
}

/** The field's own text for a wrong value; `{value}` in it names the value ('Invalid mode: {mode}'). */
function invalidText(field: InputField, value: unknown): string | undefined {
  return field.invalidMessage?.replaceAll('{value}', typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * A required field left empty: the spec's text (or '<Label> is required'), or, when a
 * placeholder in it resolved to nothing, that text naming the placeholder and why — an empty
 * value a template produced is the builder's reference gone wrong, not a value they forgot.
 */
function requiredProblem(field: InputField, miss: TemplateMiss | undefined): string {
  if (!miss) return field.requiredMessage ?? `${field.label} is required`;
  return `${field.requiredMessage ?? field.label}: ${miss.placeholder} resolved to nothing (${miss.reason})`;
}

/** Types whose value is text: data resolved into them is written as JSON. */
const TEXT_TYPES: ReadonlySet<FieldType> = new Set(['text', 'textarea', 'template', 'code', 'credential', 'flow']);

/** Empty as a required field sees it; a `data` field's empty list is a value (a search without results). */
function isMissing(field: InputField, value: unknown): boolean {
  return field.type === 'data' && Array.isArray(value) ? false : isEmptyValue(value);
}

/** A string holding `{{…}}`: its type is only known once resolved, so type checks wait. */
function isTemplated(value: unknown): boolean {
  return typeof value === 'string' && value.includes('{{');
}

interface Read {
  value: unknown;
  problems: string[];
}

const ok = (value: unknown): Read => ({ value, problems: [] });
const bad = (value: unknown, problem: string): Read => ({ value, problems: [problem] });

/** One value as its field's type: coerced (numeric text → number, JSON text → data, …), or its problems. */
function readField(field: InputField, value: unknown, resolved: boolean): Read {
  const { label } = field;
  switch (field.type) {
    case 'number':
      return readNumber(field, value);
    case 'boolean':
      if (typeof value === 'boolean') return ok(value);
      return value === 'true' || value === 'false' ? ok(value === 'true') : bad(value, `${label} must be true or false`);
    case 'select': {
      const allowed = (field.values ?? []).map((o) => o.value);
      const chosen = allowed.find((a) => a === value || (typeof value === 'number' && a === String(value)));
      return chosen !== undefined ? ok(chosen) : bad(value, `${label} must be one of: ${allowed.join(', ')}`);
    }
    case 'multiSelect': {
      const allowed = (field.values ?? []).map((o) => o.value);
      const list = asData(value);
      if (!Array.isArray(list)) return bad(value, `${label} must be a list`);
      return list.some((v) => !allowed.includes(v)) ? bad(list, `${label} must only hold: ${allowed.join(', ')}`) : ok(list);
    }
    case 'json': {
      // a template may resolve to plain text: at run time it is kept as text
      const parsed = parseJsonish(value);
      return parsed.ok ? ok(parsed.value) : resolved ? ok(value) : bad(value, `${label} must be valid JSON`);
    }
    case 'list': {
      const list = asData(value);
      return Array.isArray(list) ? ok(list) : bad(value, `${label} must be a list`);
    }
    case 'conditions':
      return shaped(asData(value), conditionsProblems);
    case 'branches':
      return shaped(asData(value), branchesProblems);
    case 'agentPaths':
      return shaped(asData(value), agentPathsProblems);
    case 'mapping':
      return shaped(asData(value), (v) => mappingProblems(v, Boolean(field.values?.length)));
    case 'data':
      return ok(value);
    default:
      return ok(typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
}

/** JSON text of a list or object, parsed; anything else as it is. */
function asData(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  const parsed = parseJsonish(value);
  return parsed.ok ? parsed.value : value;
}

function shaped(value: unknown, problemsOf: (value: unknown) => string[]): Read {
  return { value, problems: problemsOf(value) };
}

function readNumber(field: InputField, value: unknown): Read {
  const n = toNumber(value);
  const { label, minValue: min, maxValue: max } = field;
  if (n === undefined) return bad(value, `${label} must be a number`);
  const below = min !== undefined && n < min;
  const above = max !== undefined && n > max;
  if (!below && !above) return ok(n);
  if (min !== undefined && max !== undefined) return bad(n, `${label} must be between ${min} and ${max}`);
  return bad(n, below ? `${label} must be at least ${min}` : `${label} must be at most ${max}`);
}
