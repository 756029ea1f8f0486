/**
 * @module catalogue/ai/json-schema — checks a value against a JSON schema, the part of it that
 * describes data shapes: type (one or a list; integer included), properties, required,
 * additionalProperties (false or a schema), items, enum, const, minimum, maximum,
 * minLength, maxLength, minItems, maxItems, anyOf. Other keywords are ignored.
 */
import { isPlainObject } from '../coerce.ts';

type Schema = Record<string, unknown>;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value: unknown, type: unknown): boolean {
  const actual = typeOf(value);
  const wanted = Array.isArray(type) ? type : [type];
  return wanted.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

/** The first problem, as `path: what is wrong`, or null when the value fits. */
export function schemaProblem(value: unknown, schema: unknown, path = '$'): string | null {
  if (!isPlainObject(schema)) return null;
  const s = schema as Schema;
  if (s.type !== undefined && !matchesType(value, s.type)) return `${path}: expected ${Array.isArray(s.type) ? s.type.join(' or ') : String(s.type)}, got ${typeOf(value)}`;
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) return `${path}: must be one of ${JSON.stringify(s.enum)}`;
  if (s.const !== undefined && JSON.stringify(s.const) !== JSON.stringify(value)) return `${path}: must be ${JSON.stringify(s.const)}`;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((option) => schemaProblem(value, option, path) === null)) return `${path}: matches none of anyOf`;
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) return `${path}: must be at least ${s.minimum}`;
    if (typeof s.maximum === 'number' && value > s.maximum) return `${path}: must be at most ${s.maximum}`;
  }
  if (typeof value === 'string') {
    if (typeof s.minLength === 'number' && value.length < s.minLength) return `${path}: must have at least ${s.minLength} characters`;
    if (typeof s.maxLength === 'number' && value.length > s.maxLength) return `${path}: must have at most ${s.maxLength} characters`;
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) return `${path}: must have at least ${s.minItems} items`;
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) return `${path}: must have at most ${s.maxItems} items`;
    for (let i = 0; i < value.length; i++) {
      const problem = schemaProblem(value[i], s.items, `${path}[${i}]`);
      if (problem) return problem;
    }
  }
  if (isPlainObject(value)) {
    const properties = isPlainObject(s.properties) ? (s.properties as Record<string, unknown>) : {};
    for (const key of Array.isArray(s.required) ? s.required : []) {
      if (!Object.hasOwn(value, String(key))) return `${path}: missing required property ${String(key)}`;
    }
    for (const [key, item] of Object.entries(value)) {
      const childPath = `${path}.${key}`;
      if (Object.hasOwn(properties, key)) {
        const problem = schemaProblem(item, properties[key], childPath);
        if (problem) return problem;
      } else if (s.additionalProperties === false) {
        return `${childPath}: is not allowed`;
      } else if (isPlainObject(s.additionalProperties)) {
        const problem = schemaProblem(item, s.additionalProperties, childPath);
        if (problem) return problem;
      }
    }
  }
  return null;
}
