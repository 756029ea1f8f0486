/** @module editor/panels/live-runs — "watch live": production runs of the flow as they arrive, each in its colour. */
import { observer } from 'mobx-react-lite';
import type { CSSProperties } from 'react';
import type { Studio } from '../stores/studio.ts';

export const LiveRuns = observer(function LiveRuns({ studio }: { studio: Studio }) {
  const { runs, stage } = studio;
  return (
    <section className="live">
      <label className="switch">
        <input type="checkbox" data-testid="watch-live" checked={runs.watching} onChange={(e) => runs.setWatching(e.target.checked)} />
        <span className="switch-track" />
        <span>Watch live</span>
        {runs.watching && <span className={`stream-dot stream-dot--${runs.liveStatus}`} title={`stream ${runs.liveStatus}`} />}
      </label>
      {runs.watching && (
        <>
          <p className="field-desc">Every run of this flow — webhook calls included — animates here as it happens. Click a run to paint the canvas with it.</p>
          {stage.views.length === 0 && <p className="muted">Waiting for runs…</p>}
          <ul className="live-list" data-testid="live-runs">
            {stage.views.map((view) => (
              <li key={view.runId}>
                <button
                  className={`live-row${stage.focusedId === view.runId ? ' active' : ''}`}
                  style={{ '--run': view.color } as CSSProperties}
                  data-testid="live-run"
                  data-run-id={view.runId}
                  data-status={view.status}
                  onClick={() => stage.focus(view.runId)}
                >
                  <span className="run-swatch" />
                  <code>{view.runId.slice(0, 14)}</code>
                  <span className={`state-pill state-pill--${view.status}`}>{view.status}</span>
                  <span className="mode">{view.mode === 'production' ? 'webhook' : 'test'}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
});
