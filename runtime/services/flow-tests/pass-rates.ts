/**
 * @module runtime/services/flow-tests/pass-rates — a suite's pass rates from its ended cases: per
 * check kind, per check (by its label, in the order first met; a model-judged one with the mean
 * of its scores), and the model-judged checks' score and cost over all.
 */
import type { CaseResult, CheckKind, CheckRate, CheckResult, PassRate } from '../../../contract/flow-tests.ts';

export interface PassRates {
  passRates: Partial<Record<CheckKind, PassRate>>;
  checkRates: CheckRate[];
  judgedScore?: number;
  judgedCost: number;
}

/** a judge's score, else 1 for a pass and 0 for a fail */
const scoreOf = (check: CheckResult) => check.judge?.score ?? (check.passed ? 1 : 0);
const withRate = <R extends PassRate>(rate: R): R => ({ ...rate, rate: rate.total ? rate.passed / rate.total : 0 });
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export function passRatesOf(cases: readonly CaseResult[]): PassRates {
  const byKind = new Map<CheckKind, PassRate>();
  const byLabel = new Map<string, { rate: CheckRate; scores: number[] }>();
  const judgedScores: number[] = [];
  let judgedCost = 0;
  for (const result of cases) {
    for (const check of result.checks) {
      const label = check.label ?? check.kind; // suites stored before labels
      const kind = byKind.get(check.kind) ?? { passed: 0, total: 0, rate: 0 };
      const entry = byLabel.get(label) ?? { rate: { label, kind: check.kind, passed: 0, total: 0, rate: 0 }, scores: [] };
      kind.total++;
      entry.rate.total++;
      if (check.passed) {
        kind.passed++;
        entry.rate.passed++;
      }
      if (check.judge) {
        entry.scores.push(scoreOf(check));
        judgedScores.push(scoreOf(check));
        judgedCost += check.judge.cost;
      }
      byKind.set(check.kind, kind);
      byLabel.set(label, entry);
    }
  }
  return {
    passRates: Object.fromEntries([...byKind].map(([kind, rate]) => [kind, withRate(rate)])),
    checkRates: [...byLabel.values()].map(({ rate, scores }) => withRate({ ...rate, ...(scores.length ? { score: mean(scores) } : {}) })),
    ...(judgedScores.length ? { judgedScore: mean(judgedScores) } : {}),
    judgedCost,
  };
}
