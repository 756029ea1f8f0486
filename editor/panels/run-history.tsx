/** @module editor/panels/run-history — the flow's past runs (test and production); open one to replay it. */
import { observer } from 'mobx-react-lite';
import { formatDuration } from '../canvas/node-view.tsx';
import type { RouterStore } from '../stores/router-store.ts';
import type { Studio } from '../stores/studio.ts';

export const RunHistory = observer(function RunHistory({ studio, router }: { studio: Studio; router: RouterStore }) {
  const { runs } = studio;
  const shown = studio.stage.focused?.runId;
  return (
    <section className="history">
      <div className="section-head">
        <h4>History</h4>
        <button className="btn btn--ghost" onClick={() => void runs.loadHistory()}>Refresh</button>
      </div>
      {runs.history.length === 0 && <p className="muted">No runs yet.</p>}
      <ul data-testid="run-history">
        {runs.history.map((r) => (
          <li key={r.runId}>
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
              <span className={`state-pill state-pill--${r.status}`}>{r.status}</span>
              <span className="mode">{r.mode === 'production' ? 'webhook' : 'test'}</span>
              <span className="when">{new Date(r.startedAt).toLocaleTimeString()}</span>
              <span className="took">{r.finishedAt ? formatDuration(r.finishedAt - r.startedAt) : '…'}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
});
