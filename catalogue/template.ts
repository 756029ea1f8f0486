/**
 * @module catalogue/template — resolving `{{nodeId.output.path}}` placeholders in node values,
 * without eval. A string that is exactly one placeholder becomes the raw value it points at;
 * placeholders inside other text are interpolated. `trigger` names the run's trigger node.
 * Paths through `__proto__`, `constructor` or `prototype`, and placeholders with parentheses,
 * resolve to nothing (spec 000 §5: such output-mapping placeholders are blanked). A
 * placeholder that resolves to nothing is reported, so a required field it empties can name it.
 */
import { isEmptyValue, isPlainObject } from './coerce.ts';
import { PLACEHOLDER, parsePlaceholder, readPath, type Placeholder } from './template-path.ts';
import type { NodeDefinition, TemplateMiss, Unresolved, Values } from './types.ts';
import { applyDefaults } from './values.ts';

export interface TemplateScope {
  /** outputs visible to the node, by node id */
  outputs: Record<string, unknown>;
  /** the trigger's node id: `{{trigger.output…}}` reads this node's output */
  triggerId?: string;
}

/** The alias templates use for the run's trigger, whatever its node id. */
export const TRIGGER_ALIAS = 'trigger';

const WHOLE = /^\s*\{\{([^{}]*)\}\}\s*$/;

/**
 * Resolve every placeholder in a string, array or plain object (returns a new value). `onMiss`
 * is told each miss and where in the value it is: the keys and indexes down to its string
 * (none for a string value).
 */
export function resolveTemplates(value: unknown, scope: TemplateScope, onMiss?: (miss: TemplateMiss, at: readonly string[]) => void): unknown {
  if (!onMiss) return mapStrings(value, (text) => resolveString(text, scope, () => {}));
  return mapStrings(value, (text, at) => resolveString(text, scope, (miss) => onMiss(miss, [...at])));
}

function resolveString(text: string, scope: TemplateScope, onMiss: (miss: TemplateMiss) => void): unknown {
  const whole = WHOLE.exec(text);
  if (whole) {
    const placeholder = parsePlaceholder(whole[1]);
    if (placeholder.kind === 'text') return text;
    return read(placeholder, text.trim(), scope, onMiss);
  }
  return text.replace(PLACEHOLDER, (match, expression: string) => {
    const placeholder = parsePlaceholder(expression);
    return placeholder.kind === 'text' ? match : asText(read(placeholder, match, scope, onMiss));
  });
}

/** The value a reference points at; a blocked one or one that comes to nothing is reported as a miss. */
function read(placeholder: Exclude<Placeholder, { kind: 'text' }>, written: string, scope: TemplateScope, onMiss: (miss: TemplateMiss) => void): unknown {
  if (placeholder.kind === 'blocked') {
    onMiss({ placeholder: written, reason: 'templates read data only: no parentheses or prototype keys' });
    return undefined;
  }
  const { nodeId, path } = placeholder;
  const id = nodeId === TRIGGER_ALIAS && scope.triggerId ? scope.triggerId : nodeId;
  const value = readPath(readPath(scope.outputs, [id]), path);
  if (isEmptyValue(value) && !Array.isArray(value)) onMiss({ placeholder: written, reason: whyNothing(nodeId, id, path, scope) });
  return value;
}

/** Where a reference came to nothing: the node's output is not there, a field is missing, or the value is empty. */
function whyNothing(written: string, id: string, path: string[], scope: TemplateScope): string {
  const output = readPath(scope.outputs, [id]);
  if (output === undefined) return `no output of ${written} reaches this node`;
  for (let i = 1; i <= path.length; i++) {
    if (readPath(output, path.slice(0, i)) === undefined) return `${written} has no output field '${path.slice(0, i).join('.')}'`;
  }
  return readPath(output, path) === null ? 'the value is null' : 'the value is empty';
}

/** How a value reads inside text: data as JSON, nothing (undefined or null) as ''. */
function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Node ids a value refers to through placeholders (`trigger` included as written), unique. */
export function templateRefs(value: unknown): string[] {
  const refs = new Set<string>();
  eachString(value, (text) => {
    for (const [, expression] of text.matchAll(PLACEHOLDER)) {
      const placeholder = parsePlaceholder(expression);
      if (placeholder.kind === 'ref') refs.add(placeholder.nodeId);
    }
  });
  return [...refs];
}

/** Call `fn` with every string in a string, array or plain object. */
export function eachString(value: unknown, fn: (text: string) => void): void {
  mapStrings(value, (text) => (fn(text), text));
}

/** Point every placeholder that refers to `oldId` at `newId` instead; all else is kept as written. */
export function renameRefs(value: unknown, oldId: string, newId: string): unknown {
  return mapStrings(value, (text) =>
    text.replace(PLACEHOLDER, (match, expression: string) => {
      const placeholder = parsePlaceholder(expression);
      if (placeholder.kind !== 'ref' || placeholder.nodeId !== oldId) return match;
      const lead = /^\s*/.exec(expression)![0];
      return `{{${lead}${newId}${expression.slice(lead.length + oldId.length)}}}`;
    }),
  );
}

/** A node's values resolved for its run, and the placeholders that came to nothing (see `resolveValues`). */
export interface ResolvedValues {
  values: Values;
  unresolved: Unresolved;
}

/**
 * A node's values ready for its executor: defaults applied, then every declared field's
 * placeholders resolved — except `literal` fields (code), which are taken as written. JSON
 * fields holding JSON text are parsed first, then resolved as data. Keys the
 * definition does not declare (values the engine sets, like a loop end's `loopOutput`) pass
 * through untouched, so data gathered at run time is never re-read as templates. For each
 * field, the first placeholder that resolved to nothing is kept in `unresolved`, so a required
 * field it leaves empty fails naming it (checkValues); a miss inside a list or object is also
 * kept under its path (`mapping.1.value`), so a node checking the items can name it too.
 */
export function resolveValues(definition: NodeDefinition, values: Values, scope: TemplateScope): ResolvedValues {
  const withDefaults = applyDefaults(definition, values);
  const fields = new Map(definition.inputs.map((f) => [f.name, f]));
  const unresolved: Unresolved = {};
  const resolved = Object.fromEntries(
    Object.entries(withDefaults).map(([key, value]) => {
      const field = fields.get(key);
      if (!field || field.literal) return [key, value];
      const onMiss = (miss: TemplateMiss, at: readonly string[]) => {
        unresolved[key] ??= miss;
        if (at.length) unresolved[[key, ...at].join('.')] ??= miss;
      };
      return [key, resolveTemplates(field.type === 'json' ? parsedJson(value) : value, scope, onMiss)];
    }),
  );
  return { values: resolved, unresolved };
}

/**
 * JSON text of an object or array, parsed so placeholders resolve inside the data: a value
 * holding quotes can then never break the JSON. Other text is resolved as text.
 */
function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * Rebuild arrays and plain objects, transforming every string; other values are kept. `fn` is
 * given the keys and indexes down to the string as one stack shared by every call (read it
 * then, copy it to keep it).
 */
function mapStrings(value: unknown, fn: (text: string, at: readonly string[]) => unknown, at: string[] = []): unknown {
  if (typeof value === 'string') return fn(value, at);
  if (Array.isArray(value)) return value.map((item, i) => within(at, String(i), () => mapStrings(item, fn, at)));
  if (isPlainObject(value)) {
    // Object.fromEntries defines own properties, so a `__proto__` key stays plain data.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, within(at, k, () => mapStrings(v, fn, at))]));
  }
  return value;
}

/** `fn` with `key` on the stack (a throw leaves it there: each call of mapStrings has its own stack) */
function within<T>(at: string[], key: string, fn: () => T): T {
  at.push(key);
  const result = fn();
  at.pop();
  return result;
}
