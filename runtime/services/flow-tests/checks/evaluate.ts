/**
 * @module runtime/services/flow-tests/checks/evaluate — every check of a case against what its
 * run gave: the answer (the response node's output) and each node's output. A check that throws
 * (the judge's model unreachable) fails with its error.
 */
import type { ModelAccess } from '../../../../catalogue/services/models.ts';
import { checkLabel, type Check, type CheckResult } from '../../../../contract/flow-tests.ts';
import { checkContains, checkNotContains } from './contains.ts';
import { checkEquals } from './equals.ts';
import { checkJudged } from './judged.ts';
import type { Outcome } from './outcome.ts';
import { checkLength, checkRange } from './range.ts';
import { checkRegex } from './regex.ts';
import { checkSchema } from './schema.ts';
import { valueAt } from './value-at.ts';

export interface RunOutputs {
  answer: unknown;
  /** node id → its output (nodes that did not complete have none) */
  nodes: Record<string, unknown>;
}

async function outcomeOf(check: Check, actual: unknown, models: () => ModelAccess): Promise<Outcome> {
  switch (check.kind) {
    case 'equals': return checkEquals(actual, check.expected, check.ignore);
    case 'schema': return checkSchema(actual, check.schema);
    case 'contains': return checkContains(actual, check.value);
    case 'notContains': return checkNotContains(actual, check.value);
    case 'regex': return checkRegex(actual, check.pattern, check.flags);
    case 'range': return checkRange(actual, check.min, check.max);
    case 'length': return checkLength(actual, check.min, check.max);
    case 'judged': return checkJudged(actual, check.rubric, check.model, models());
  }
}

export async function evaluateChecks(checks: Check[], outputs: RunOutputs, models: () => ModelAccess): Promise<CheckResult[]> {
  return Promise.all(
    checks.map(async (check, index): Promise<CheckResult> => {
      const target = check.node === undefined ? outputs.answer : outputs.nodes[check.node];
      const where = { index, label: checkLabel(check), kind: check.kind, ...(check.node !== undefined ? { node: check.node } : {}), ...(check.path ? { path: check.path } : {}) };
      if (check.node !== undefined && !(check.node in outputs.nodes)) return { ...where, passed: false, message: `Node ${check.node} has no output in the run` };
      try {
        return { ...where, ...(await outcomeOf(check, valueAt(target, check.path), models)) };
      } catch (error) {
        return { ...where, passed: false, message: `The check could not be made: ${(error as Error).message}` };
      }
    }),
  );
}
