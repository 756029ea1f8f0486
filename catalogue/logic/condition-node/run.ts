/** @module catalogue/logic/condition-node/run — the first matching condition's label routes, else 'Else'. */
import { isPlainObject, parseJsonish } from '../../coerce.ts';
import { userError } from '../../errors.ts';
import { ELSE_LABEL } from '../../field-shapes.ts';
import type { Executor } from '../../types.ts';
import { evaluateGroup } from './compare.ts';

export const run: Executor = async (values) => {
  const parsed = parseJsonish(values.conditions);
  if (!parsed.ok || !Array.isArray(parsed.value) || parsed.value.length === 0) throw userError('Conditions is required');
  for (const condition of parsed.value) {
    if (!isPlainObject(condition)) throw userError('Every condition needs a label');
    const label = typeof condition.label === 'string' ? condition.label : '';
    if (!label) throw userError('Every condition needs a label');
    if (label === ELSE_LABEL) continue;
    if (evaluateGroup(condition, label)) return { output: { condition: label }, route: [label] };
  }
  return { output: { condition: ELSE_LABEL }, route: [ELSE_LABEL] };
};
