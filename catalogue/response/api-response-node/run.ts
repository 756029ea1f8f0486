/**
 * @module catalogue/response/api-response-node/run — the mapped answer object. Values arrive
 * already resolved (resolveValues); this only shapes them, never touching a prototype.
 */
import { isEmptyValue, isPlainObject, safeObject } from '../../coerce.ts';
import { userError } from '../../errors.ts';
import type { Executor } from '../../types.ts';

export const run: Executor = async (values) => {
  const mapping = values.outputMapping;
  if (isPlainObject(mapping)) return { output: safeObject(Object.entries(mapping)) };
  if (!Array.isArray(mapping)) throw userError('Mapping is not found');
  const entries: Array<[string, unknown]> = [];
  for (const row of mapping) {
    if (!isPlainObject(row)) throw userError('Every mapping row must be an object');
    const key = typeof row.key === 'string' ? row.key.trim() : '';
    // A blank trailing row (as forms leave them) is not a mistake; a value without a key is.
    if (!key && isEmptyValue(row.value)) continue;
    if (!key) throw userError('Every mapping row needs a key');
    entries.push([key, row.value === undefined ? null : row.value]);
  }
  return { output: safeObject(entries) };
};
