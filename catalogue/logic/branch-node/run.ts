/** @module catalogue/logic/branch-node/run — route every branch whose name equals the value. */
import { parseJsonish } from '../../coerce.ts';
import { userError } from '../../errors.ts';
import { branchHandles } from '../../field-shapes.ts';
import type { Executor } from '../../types.ts';

export const run: Executor = async (values) => {
  const parsed = parseJsonish(values.branches);
  const branches = parsed.ok ? branchHandles(parsed.value) : [];
  if (branches.length === 0) throw userError('Branches is required');
  const value = values.value;
  const wanted = new Set((Array.isArray(value) ? value : [value]).map(asText));
  const matched = branches.filter((name) => wanted.has(name));
  return { output: { value: value ?? null, branches: matched }, route: matched };
};

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value).trim();
}
