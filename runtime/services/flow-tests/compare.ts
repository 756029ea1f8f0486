/**
 * @module runtime/services/flow-tests/compare — two suite runs side by side, per case: better (it
 * passes in `head` and did not in `base`), worse (the other way), same, new or gone.
 */
import type { SuiteComparison, SuiteRun } from '../../../contract/flow-tests.ts';

const side = (suite: SuiteRun) => ({ ...(suite.version !== undefined ? { version: suite.version } : {}), suiteRunId: suite.id, passed: suite.passed, total: suite.total });

export function compareSuites(base: SuiteRun, head: SuiteRun): SuiteComparison {
  const before = new Map(base.cases.map((c) => [c.caseId, c]));
  const after = new Map(head.cases.map((c) => [c.caseId, c]));
  const ids = [...new Set([...before.keys(), ...after.keys()])];
  const cases = ids.map((caseId) => {
    const b = before.get(caseId);
    const h = after.get(caseId);
    const change: SuiteComparison['cases'][number]['change'] = !b ? 'new' : !h ? 'gone'
      : (b.status === 'passed') === (h.status === 'passed') ? 'same' : h.status === 'passed' ? 'better' : 'worse';
    return { caseId, name: (h ?? b)!.name, ...(b ? { base: b.status } : {}), ...(h ? { head: h.status } : {}), change };
  });
  return { base: side(base), head: side(head), cases };
}
