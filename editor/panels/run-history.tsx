/**
 * @module editor/panels/run-history — the flow's past runs (test and production) with the version
 * each ran; open one to replay it, make a test case of it, tick two to compare them, open a
 * production run on the draft.
 */
import { observer } from 'mobx-react-lite';
import { formatDuration } from '../canvas/node-view.tsx';
import type { RunSummary } from '../../contract/runs.ts';
import type { RouterStore } from '../stores/router-store.ts';
import { runStatusText } from '../stores/run-view.ts';
import type { Studio } from '../stores/studio.ts';

/** the version a run ran: the draft for test runs, the deployed version's number for production runs (when the server recorded it) */
export const ranVersion = (run: Pick<RunSummary, 'mode' | 'deployedVersion'>) => (run.mode === 'test' ? 'draft' : run.deployedVersion !== undefined ? `v${run.deployedVersion}` : '');

export const RunHistory = observer(function RunHistory({ studio, router }: { studio: Studio; router: RouterStore }) {
  const { runs, debug } = studio;
  const shown = studio.stage.focused?.runId;
  return (
    <section className="history">
      <div className="section-head">
        <h4>History</h4>
        <button className="btn btn--ghost" data-testid="compare-runs" disabled={debug.picked.length !== 2} title="Tick two runs to compare them node by node" onClick={() => void debug.compare()}>
          Compare
        </button>
        <button className="btn btn--ghost" onClick={() => void runs.loadHistory()}>Refresh</button>
      </div>
      {runs.history.length === 0 && <p className="muted">No runs yet.</p>}
      <ul data-testid="run-history">
        {runs.history.map((r) => (
          <li key={r.runId} className="history-item" data-testid="history-item">
            <input
              type="checkbox"
              data-testid="compare-pick"
              aria-label={`Compare run ${r.runId}`}
              checked={debug.picked.includes(r.runId)}
              onChange={() => debug.togglePick(r.runId)}
            />
            <button
              className={`history-row${r.runId === shown ? ' active' : ''}`}
              data-testid="history-row"
              data-run-id={r.runId}
              onClick={() => {
                runs.setWatching(false);
                router.go({ page: 'flow', flowId: studio.flowId, runId: r.runId }, true);
                void runs.open(r.runId);
              }}
            >
              <span className={`state-pill state-pill--${r.status}`}>{runStatusText(r.status)}</span>
              <span className="mode">{r.testCase ? 'test case' : r.mode === 'production' ? 'webhook' : 'test'}</span>
              <span className="ran-version" data-testid="run-version" title={r.mode === 'test' ? 'A test run of the draft' : 'The deployed version it ran'}>
                {ranVersion(r)}
              </span>
              {r.rerunOf && <span className="pill" title={`A re-run of ${r.rerunOf.runId} from ${r.rerunOf.fromNode}`}>re-run</span>}
              {r.singleNode && <span className="pill" title={`${r.singleNode} run alone`}>{r.singleNode} alone</span>}
              <span className="when">{new Date(r.startedAt).toLocaleTimeString()}</span>
              <span className="took">{r.finishedAt ? formatDuration(r.finishedAt - r.startedAt) : '…'}</span>
            </button>
            {r.status === 'completed' && !r.testCase && (
              <button className="btn btn--ghost btn--small" data-testid="make-test-case" aria-label="Make a test case" title="Make a test case: this run's input, its answer as the expected one" onClick={() => void studio.makeTestCase(r.runId)}>
                + test
              </button>
            )}
            {r.mode === 'production' && (
              <button className="btn btn--ghost" data-testid="debug-in-draft" title="Open this run on the draft with its trigger input pinned" onClick={() => void debug.debugInDraft(r.runId)}>
                Debug in draft
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
});
