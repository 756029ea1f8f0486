/**
 * @module catalogue/logic/variables-node/run — a typed mapping (spec 002 §5 "Mapping node"):
 * no value may be null ('Value is null', followed by the placeholder that came to nothing and
 * why when one did: a trigger field the request lacks is named); each value is converted to its
 * row's type (the mapping itself was checked with the node's values: 'Mapping is not found'
 * when it is missing).
 */
import { isEmptyValue, isPlainObject, parseJsonish, safeObject, toNumber } from '../../coerce.ts';
import { defineNode } from '../../define-node.ts';
import { userError } from '../../errors.ts';
import { MAPPING_TYPES, type MappingType } from '../../field-shapes.ts';
import type { TemplateMiss, Unresolved } from '../../types.ts';
import { definition } from './definition.ts';

export default defineNode(definition, async (values, _ctx, unresolved) => ({ output: buildMapping(values.mapping, unresolved, 'mapping') }));

/** Rows to an object; an `object` row whose value is itself rows nests. `at`: the rows' path, where `unresolved` keeps their misses. */
export function buildMapping(rows: unknown[], unresolved: Unresolved = {}, at = 'mapping'): Record<string, unknown> {
  const entries: Array<[string, unknown]> = [];
  for (const [i, row] of rows.entries()) {
    if (!isPlainObject(row)) throw userError('Every mapping row must be an object');
    const key = typeof row.key === 'string' ? row.key.trim() : '';
    if (!key && isEmptyValue(row.value)) continue;
    if (!key) throw userError('Every mapping row needs a key');
    if (row.value === undefined || row.value === null) throw userError(nullValue(unresolved[`${at}.${i}.value`]));
    const type = row.type ?? 'string';
    if (!MAPPING_TYPES.includes(type as MappingType)) throw userError(`Type: ${String(type)} is not supported!`);
    entries.push([key, typed(key, type as MappingType, row.value, unresolved, `${at}.${i}.value`)]);
  }
  return safeObject(entries);
}

/** The spec's text, and what made the value null when a placeholder did. */
function nullValue(miss: TemplateMiss | undefined): string {
  return miss ? `Value is null: ${miss.placeholder} resolved to nothing (${miss.reason})` : 'Value is null';
}

function typed(key: string, type: MappingType, value: unknown, unresolved: Unresolved, at: string): unknown {
  switch (type) {
    case 'string':
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'number': {
      const n = toNumber(value);
      if (n === undefined) throw userError(`Value of ${key} is not a number`);
      return n;
    }
    case 'boolean':
      return String(value).trim() === 'true';
    case 'array': {
      const parsed = parseJsonish(value);
      if (!parsed.ok || !Array.isArray(parsed.value)) throw userError(`Value of ${key} is not an array`);
      return parsed.value;
    }
    case 'object': {
      if (Array.isArray(value) && value.every(isMappingRow)) return buildMapping(value, unresolved, at);
      const parsed = parseJsonish(value);
      if (!parsed.ok || !isPlainObject(parsed.value)) throw userError(`Value of ${key} is not an object`);
      return parsed.value;
    }
  }
}

function isMappingRow(item: unknown): boolean {
  return isPlainObject(item) && typeof item.key === 'string' && 'value' in item;
}
