/** Two suite runs compared per case, per check and per check label; each version's newest completed scores. */
import { describe, expect, it } from 'vitest';
import type { CaseResult, CheckResult, SuiteRun } from '../../../contract/flow-tests.ts';
import { compareSuites, scoresPerVersion } from './compare.ts';
import { passRatesOf } from './pass-rates.ts';

const check = (label: string, passed: boolean, score?: number): CheckResult => ({
  index: 0, label, kind: score === undefined ? 'equals' : 'judged', passed, message: '',
  ...(score !== undefined ? { judge: { model: 'm', reason: '', score, cost: 0.5 } } : {}),
});
const result = (caseId: string, checks: CheckResult[]): CaseResult => ({ caseId, name: caseId, runId: `run_${caseId}`, status: checks.every((c) => c.passed) ? 'passed' : 'failed', checks, finishedAt: 1 });
function suite(id: string, version: number | undefined, cases: CaseResult[], status: SuiteRun['status'] = 'completed'): SuiteRun {
  const passed = cases.filter((c) => c.status === 'passed').length;
  return { id, flowId: 'flow_1', ...(version !== undefined ? { version } : {}), status, startedAt: 1, finishedAt: 2, total: cases.length, passed, failed: cases.length - passed, cases, ...passRatesOf(cases) };
}

describe('comparing two suite runs', () => {
  const base = suite('s1', 1, [result('a', [check('equals', true), check('tone', false, 0.2)]), result('b', [check('equals', true)]), result('gone', [check('equals', true)])]);
  const head = suite('s2', undefined, [result('a', [check('equals', true), check('tone', true, 0.9)]), result('b', [check('equals', false)]), result('new', [check('equals', true)])]);

  it('tells per case and per check what got better or worse', () => {
    const comparison = compareSuites(base, head);
    expect(comparison.base).toEqual({ version: 1, suiteRunId: 's1', passed: 2, total: 3, judgedScore: 0.2 });
    expect(comparison.cases.map((c) => [c.caseId, c.base, c.head, c.change])).toEqual([
      ['a', 'failed', 'passed', 'better'], ['b', 'passed', 'failed', 'worse'], ['gone', 'passed', undefined, 'gone'], ['new', undefined, 'passed', 'new'],
    ]);
    expect(comparison.cases[0].checks).toEqual([{ label: 'equals', base: true, head: true, change: 'same' }, { label: 'tone', base: false, head: true, change: 'better' }]);
    expect(comparison.checkRates.map((r) => [r.label, r.base?.rate, r.head?.rate, r.head?.score, r.change])).toEqual([
      ['equals', 1, 2 / 3, undefined, 'worse'], ['tone', 0, 1, 0.9, 'better'],
    ]);
  });

  it("gives each version's newest completed suite: the draft first, then the newest version", () => {
    const older = suite('s0', 1, [result('a', [check('equals', false)])]);
    const running = suite('s3', undefined, [], 'running');
    const scores = scoresPerVersion([running, head, base, older, suite('s4', 2, [result('a', [check('equals', true)])])]);
    expect(scores.map((s) => [s.version ?? 'draft', s.suiteRunId, s.judgedScore, s.judgedCost])).toEqual([['draft', 's2', 0.9, 0.5], [2, 's4', undefined, 0], [1, 's1', 0.2, 0.5]]);
  });
});
