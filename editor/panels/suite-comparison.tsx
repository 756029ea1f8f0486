/** @module editor/panels/suite-comparison — each version's suite scores, and two versions' suite results side by side: each case and check that got better or worse, and each check's pass rate. */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { SuiteTarget, TestsStore } from '../stores/tests-store.ts';

const targetName = (target: SuiteTarget) => (target === 'draft' ? 'Draft' : `Version ${target}`);
const percent = (rate?: number) => (rate === undefined ? '–' : `${Math.round(rate * 100)}%`);

function TargetSelect({ value, options, onChange, testId }: { value: SuiteTarget; options: SuiteTarget[]; onChange(v: SuiteTarget): void; testId: string }) {
  return (
    <select className="input" data-testid={testId} value={String(value)} onChange={(e) => onChange(e.target.value === 'draft' ? 'draft' : Number(e.target.value))}>
      {options.map((t) => (
        <option key={String(t)} value={String(t)}>{targetName(t)}</option>
      ))}
    </select>
  );
}

/** each version's newest completed suite: passed cases, the model-judged score and cost */
export const ScoresPerVersion = observer(function ScoresPerVersion({ tests }: { tests: TestsStore }) {
  if (tests.scores.length === 0) return null;
  return (
    <table className="compare-table" data-testid="version-scores">
      <thead>
        <tr><th>ran</th><th>passed</th><th>judged score</th><th>judge cost</th></tr>
      </thead>
      <tbody>
        {tests.scores.map((s) => (
          <tr key={s.suiteRunId} data-testid="version-score">
            <td>{targetName(s.version ?? 'draft')}</td>
            <td>{s.passed}/{s.total}</td>
            <td>{percent(s.judgedScore)}</td>
            <td>{s.judgedCost ? `$${s.judgedCost.toFixed(4)}` : '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});

export const SuiteComparisonView = observer(function SuiteComparisonView({ tests }: { tests: TestsStore }) {
  const options = tests.suiteTargets;
  const [base, setBase] = useState<SuiteTarget | null>(null);
  const [head, setHead] = useState<SuiteTarget | null>(null);
  if (options.length < 2) return <p className="muted">Run the suite on two versions (or a version and the draft) to compare them.</p>;
  const shownBase = base ?? options[1];
  const shownHead = head ?? options[0];
  const comparison = tests.comparison;
  return (
    <div className="suite-comparison" data-testid="suite-comparison">
      <div className="row compare-pick">
        <TargetSelect value={shownBase} options={options} onChange={setBase} testId="compare-base" />
        <span>→</span>
        <TargetSelect value={shownHead} options={options} onChange={setHead} testId="compare-head" />
        <button className="btn" data-testid="compare-button" onClick={() => void tests.compare(shownBase, shownHead)}>Compare</button>
      </div>
      {tests.compareError && <p className="form-error">{tests.compareError}</p>}
      {comparison && (
        <>
          <p className="muted" data-testid="compare-totals">
            {targetName(comparison.base.version ?? 'draft')}: {comparison.base.passed}/{comparison.base.total} passed · {targetName(comparison.head.version ?? 'draft')}:{' '}
            {comparison.head.passed}/{comparison.head.total} passed
          </p>
          <table className="compare-table" data-testid="compare-cases">
            <thead>
              <tr><th>case</th><th>before</th><th>after</th><th /></tr>
            </thead>
            <tbody>
              {comparison.cases.map((c) => (
                <tr key={c.caseId} className={`change--${c.change}`} data-testid="compare-case" data-change={c.change}>
                  <td title={c.checks.filter((k) => k.change === 'better' || k.change === 'worse').map((k) => `${k.label}: ${k.change}`).join('\n')}>{c.name}</td>
                  <td>{c.base ?? '–'}</td>
                  <td>{c.head ?? '–'}</td>
                  <td className="change">{c.change}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="compare-table" data-testid="compare-checks">
            <thead>
              <tr><th>check</th><th>before</th><th>after</th><th /></tr>
            </thead>
            <tbody>
              {comparison.checkRates.map((r) => (
                <tr key={r.label} className={`change--${r.change}`} data-testid="compare-check" data-change={r.change}>
                  <td>{r.label}</td>
                  <td>{percent(r.base?.score ?? r.base?.rate)}</td>
                  <td>{percent(r.head?.score ?? r.head?.rate)}</td>
                  <td className="change">{r.change}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
});
