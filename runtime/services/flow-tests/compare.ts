/**
 * @module runtime/services/flow-tests/compare — two suite runs side by side: per case better (it
 * passes in `head` and did not in `base`), worse (the other way), same, new or gone; the same per
 * check of each case (by its label), and per check label its pass rate on each side (better when
 * the rate rose); and each version's newest completed suite's scores.
 */
import type { Change, CheckRate, SuiteComparison, SuiteRun, SuiteScores } from '../../../contract/flow-tests.ts';

const side = (suite: SuiteRun) => ({
  ...(suite.version !== undefined ? { version: suite.version } : {}),
  suiteRunId: suite.id, passed: suite.passed, total: suite.total,
  ...(suite.judgedScore !== undefined ? { judgedScore: suite.judgedScore } : {}),
});

/** `before`/`after` absent: new or gone; else better when `after` is the higher */
function changeOf<T>(before: T | undefined, after: T | undefined, order: (v: T) => number): Change {
  if (before === undefined) return 'new';
  if (after === undefined) return 'gone';
  const delta = order(after) - order(before);
  return delta > 0 ? 'better' : delta < 0 ? 'worse' : 'same';
}

const passes = (passed: boolean) => (passed ? 1 : 0);

/** the labels of both sides, base's order first */
const unionOf = (a: Iterable<string>, b: Iterable<string>) => [...new Set([...a, ...b])];

export function compareSuites(base: SuiteRun, head: SuiteRun): SuiteComparison {
  const before = new Map(base.cases.map((c) => [c.caseId, c]));
  const after = new Map(head.cases.map((c) => [c.caseId, c]));
  const cases = unionOf(before.keys(), after.keys()).map((caseId) => {
    const b = before.get(caseId);
    const h = after.get(caseId);
    const bChecks = new Map((b?.checks ?? []).map((c) => [c.label ?? c.kind, c.passed]));
    const hChecks = new Map((h?.checks ?? []).map((c) => [c.label ?? c.kind, c.passed]));
    const checks = unionOf(bChecks.keys(), hChecks.keys()).map((label) => ({
      label,
      ...(bChecks.has(label) ? { base: bChecks.get(label)! } : {}),
      ...(hChecks.has(label) ? { head: hChecks.get(label)! } : {}),
      change: changeOf(bChecks.get(label), hChecks.get(label), passes),
    }));
    return {
      caseId, name: (h ?? b)!.name, ...(b ? { base: b.status } : {}), ...(h ? { head: h.status } : {}),
      change: changeOf(b?.status, h?.status, (s) => passes(s === 'passed')), checks,
    };
  });
  const bRates = new Map((base.checkRates ?? []).map((r) => [r.label, r]));
  const hRates = new Map((head.checkRates ?? []).map((r) => [r.label, r]));
  const checkRates = unionOf(bRates.keys(), hRates.keys()).map((label) => {
    const b = bRates.get(label);
    const h = hRates.get(label);
    return { label, kind: (h ?? b)!.kind, ...(b ? { base: b } : {}), ...(h ? { head: h } : {}), change: changeOf<CheckRate>(b, h, (r) => r.score ?? r.rate) };
  });
  return { base: side(base), head: side(head), cases, checkRates };
}

/** Per version (the draft first, then the newest version first) its newest completed suite run's scores; `suites` newest first. */
export function scoresPerVersion(suites: readonly SuiteRun[]): SuiteScores[] {
  const newest = new Map<number | undefined, SuiteRun>();
  for (const suite of suites) if (suite.status === 'completed' && !newest.has(suite.version)) newest.set(suite.version, suite);
  return [...newest.values()]
    .sort((a, b) => (a.version === undefined ? -1 : b.version === undefined ? 1 : b.version - a.version))
    .map((s) => ({
      ...(s.version !== undefined ? { version: s.version } : {}),
      suiteRunId: s.id, finishedAt: s.finishedAt ?? s.startedAt, passed: s.passed, total: s.total,
      passRates: s.passRates, checkRates: s.checkRates ?? [],
      ...(s.judgedScore !== undefined ? { judgedScore: s.judgedScore } : {}), judgedCost: s.judgedCost,
    }));
}
