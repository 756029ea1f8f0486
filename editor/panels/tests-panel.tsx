/**
 * @module editor/panels/tests-panel — the flow's Tests tab: its test cases (add by hand, edit,
 * delete; made from a run in the run history; from a dataset), Run all or Run one against the draft or a
 * deployed version with live progress, each case's checks with the diff to what was expected,
 * the case's run opened on the canvas, each check's pass rate, and two versions compared.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { TestCase } from '../../contract/flow-tests.ts';
import type { RouterStore } from '../stores/router-store.ts';
import type { Studio } from '../stores/studio.ts';
import type { SuiteTarget } from '../stores/tests-store.ts';
import { ScoresPerVersion, SuiteComparisonView } from './suite-comparison.tsx';
import { TestCaseForm } from './test-case-form.tsx';
import { TestDatasetForm } from './test-dataset-form.tsx';
import { TestResult } from './test-result.tsx';

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

const CaseRow = observer(function CaseRow({ studio, router, test }: { studio: Studio; router: RouterStore; test: TestCase }) {
  const { tests } = studio;
  const result = tests.resultOf(test.id);
  const [open, setOpen] = useState(false);
  const status = result?.status;
  const openRun = (runId: string) => {
    studio.runs.setWatching(false);
    router.go({ page: 'flow', flowId: studio.flowId, runId }, true);
    studio.setTab('run');
    void studio.runs.open(runId);
  };
  return (
    <li className="test-case" data-testid="test-case" data-name={test.name} data-status={status ?? 'none'}>
      <div className="test-case-head">
        <button className="test-case-name" onClick={() => setOpen(!open)} aria-expanded={open}>
          {status && <span className={`state-pill state-pill--${status === 'passed' ? 'completed' : status === 'pending' ? 'queued' : status}`} data-testid="case-status">{status}</span>}
          <span>{test.name}</span>
          <span className="muted">{test.checks.length} check{test.checks.length === 1 ? '' : 's'}</span>
        </button>
        <button className="btn btn--ghost btn--small" data-testid="case-run" disabled={tests.running} onClick={() => void tests.run('draft', [test.id])}>Run</button>
        <button className="btn btn--ghost btn--small" data-testid="case-edit" onClick={() => tests.edit(test)}>Edit</button>
        <button className="btn btn--ghost btn--small" data-testid="case-delete" onClick={() => void tests.remove(test.id)}>Delete</button>
      </div>
      {open && result && (
        <>
          {result.finishedAt !== undefined && <TestResult result={result} />}
          {result.status !== 'pending' && (
            <button className="btn btn--ghost btn--small" data-testid="case-open-run" onClick={() => openRun(result.runId)}>Open its run on the canvas</button>
          )}
        </>
      )}
    </li>
  );
});

export const TestsPanel = observer(function TestsPanel({ studio, router }: { studio: Studio; router: RouterStore }) {
  const { tests } = studio;
  const [target, setTarget] = useState<SuiteTarget>('draft');
  const [importing, setImporting] = useState(false);
  useEffect(() => void tests.load(), [tests]);
  const suite = tests.suite;
  return (
    <div className="tests-panel" data-testid="tests-panel">
      <div className="row tests-run">
        <select className="input" data-testid="tests-target" value={String(target)} onChange={(e) => setTarget(e.target.value === 'draft' ? 'draft' : Number(e.target.value))}>
          <option value="draft">Draft</option>
          {studio.versions.list.map((v) => (
            <option key={v.version} value={v.version}>Version {v.version}</option>
          ))}
        </select>
        <button className="btn btn--primary" data-testid="tests-run-all" disabled={tests.running || tests.cases.length === 0} onClick={() => void tests.run(target)}>
          Run all
        </button>
        <button className="btn" data-testid="tests-new" onClick={() => tests.newCase(studio.runs.input)}>New case</button>
        <button className="btn btn--ghost" data-testid="tests-dataset" onClick={() => setImporting(true)}>Dataset…</button>
      </div>
      {importing && <TestDatasetForm studio={studio} onDone={() => setImporting(false)} />}
      {tests.error && <p className="form-error">{tests.error}</p>}
      <TestCaseForm tests={tests} />
      {suite && (
        <div className="suite-summary" data-testid="suite-summary" data-suite-id={suite.id} data-status={suite.status}>
          <p>
            <strong>{suite.version !== undefined ? `Version ${suite.version}` : 'Draft'}</strong>{' '}
            {suite.status === 'running' ? `running… ${tests.ended} of ${suite.total} done` : `${suite.passed} of ${suite.total} passed`}
            {suite.judgedScore !== undefined && ` · judged score ${percent(suite.judgedScore)}`}
          </p>
          <progress max={suite.total} value={tests.ended} data-testid="suite-progress" />
          {suite.status === 'completed' && suite.checkRates?.length > 0 && (
            <ul className="check-rates" data-testid="check-rates">
              {suite.checkRates.map((r) => (
                <li key={r.label}>
                  <span>{r.label}</span>
                  <span className="muted">{r.passed}/{r.total} ({percent(r.rate)}){r.score !== undefined ? ` · score ${percent(r.score)}` : ''}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <h4>Cases</h4>
      {tests.cases.length === 0 && <p className="muted">No test cases yet: add one, or make one from a run in the Run tab's history.</p>}
      <ul className="test-cases" data-testid="test-cases">
        {tests.cases.map((test) => (
          <CaseRow key={test.id} studio={studio} router={router} test={test} />
        ))}
      </ul>
      <h4>Compare two versions</h4>
      <ScoresPerVersion tests={tests} />
      <SuiteComparisonView tests={tests} />
      <p className="field-desc">
        {tests.settings.requiredForDeploy ? 'Deploys run these tests first and are refused when one fails.' : 'Deploys do not run these tests.'} Set it in the Deploy tab.
      </p>
    </div>
  );
});
