/** @module editor/panels/test-result — one case's result in a suite: each check passed or failed, its message, and the diff to the expected value. */
import type { CaseResult, CheckResult } from '../../contract/flow-tests.ts';

/** where a difference is, from the answer: the check's path, then the difference's inside it */
const pathOf = (checked: string | undefined, inside: string) => [checked, inside].filter(Boolean).join('.') || '(whole value)';
const shown = (value: unknown) => (value === undefined ? '(missing)' : JSON.stringify(value));

function CheckLine({ check }: { check: CheckResult }) {
  return (
    <li className={`check-result check-result--${check.passed ? 'passed' : 'failed'}`} data-testid="check-result" data-passed={String(check.passed)}>
      <div className="check-result-head">
        <span className="check-mark">{check.passed ? '✓' : '✗'}</span>
        <span className="check-label">{check.label ?? check.kind}</span>
        {check.judge && <span className="muted check-judge">{check.judge.model}{check.judge.score !== undefined ? ` · score ${check.judge.score}` : ''}</span>}
      </div>
      <p className="check-message">{check.message}</p>
      {check.diff && check.diff.length > 0 && (
        <table className="check-diff" data-testid="check-diff">
          <thead>
            <tr><th>path</th><th>expected</th><th>actual</th></tr>
          </thead>
          <tbody>
            {check.diff.map((d) => (
              <tr key={d.path}>
                <td><code>{pathOf(check.path, d.path)}</code></td>
                <td className="diff-expected">{shown(d.expected)}</td>
                <td className="diff-actual">{shown(d.actual)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

export function TestResult({ result }: { result: CaseResult }) {
  return (
    <div className="test-result" data-testid="test-result">
      {result.error && <p className="check-message check-message--error">{result.error}</p>}
      <ul className="check-results">
        {result.checks.map((check) => (
          <CheckLine key={check.index} check={check} />
        ))}
      </ul>
    </div>
  );
}
