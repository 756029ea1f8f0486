/** @module editor/panels/run-panel — test input (a trigger sample, the last call's, or typed), Run and why it was refused, the shown run (and where it is paused at a breakpoint), the inspector, live watching and history. */
import { observer } from 'mobx-react-lite';
import { BreakpointList } from './breakpoint-list.tsx';
import { PausedAtBreakpoint } from './paused-at-breakpoint.tsx';
import { formatDuration } from '../canvas/node-view.tsx';
import type { RouterStore } from '../stores/router-store.ts';
import { isRunOver, runStatusText } from '../stores/run-view.ts';
import type { Studio } from '../stores/studio.ts';
import { LiveRuns } from './live-runs.tsx';
import { NodeInspector } from './node-inspector.tsx';
import { RunHistory } from './run-history.tsx';
import { RerunDialog } from './rerun-dialog.tsx';
import { RunComparisonView } from './run-comparison.tsx';
import { Icon } from '../icons/icon.tsx';

const CurrentRun = observer(function CurrentRun({ studio }: { studio: Studio }) {
  const view = studio.stage.focused;
  if (!view) return null;
  const took = view.finishedAt && view.startedAt ? formatDuration(view.finishedAt - view.startedAt) : '';
  return (
    <div className="current-run" data-testid="current-run" data-run-id={view.runId} data-status={view.status} data-stream={studio.runs.streamStatus}>
      {studio.runs.player ? (
        <span className="pill">replay</span>
      ) : (
        <span className={`state-pill state-pill--${view.status}`} data-testid="run-state">{view.paused && !isRunOver(view.status) ? 'paused' : runStatusText(view.status)}</span>
      )}
      <code title={view.runId}>{view.runId.slice(0, 14)}</code>
      {took && <span>{took}</span>}
      {studio.runs.streamStatus === 'reconnecting' && <span className="muted">reconnecting…</span>}
      {view.error && <p className="error-text">{view.failedNode ? `${view.failedNode}: ` : ''}{view.error}</p>}
      {!isRunOver(view.status) && !studio.runs.watching && !studio.runs.player && (
        <button className="btn btn--ghost" onClick={() => void studio.runs.cancel()}>Cancel</button>
      )}
    </div>
  );
});

export const RunPanel = observer(function RunPanel({ studio, router }: { studio: Studio; router: RouterStore }) {
  const { runs } = studio;
  const focused = studio.selection.focused ? studio.config.get(studio.selection.focused)?.slug : undefined;
  return (
    <div className="run-panel" data-testid="run-panel">
      <div className="row run-input-head">
        <label className="field-label" htmlFor="run-input">Input (JSON, the trigger's output)</label>
        <button className="btn btn--ghost" data-testid="run-input-sample" title="A sample body fitting the trigger" onClick={runs.useSample}>
          Sample
        </button>
        <button className="btn btn--ghost" data-testid="run-input-last-call" title="The body of this flow's last production call" onClick={() => void runs.useLastCall()}>
          Last call
        </button>
      </div>
      <textarea
        id="run-input"
        data-testid="run-input"
        className={`input code-text${runs.inputError ? ' invalid' : ''}`}
        rows={5}
        spellCheck={false}
        value={runs.input}
        onChange={(e) => runs.setInput(e.target.value)}
      />
      {runs.inputError && <p className="field-problem">{runs.inputError}</p>}
      <div className="row">
        <button className="btn btn--primary" data-testid="run-button" disabled={runs.busy || !!runs.inputError} onClick={() => void runs.run()}>
          <Icon name="play" /> Run
        </button>
        {runs.refusal && (
          <p className="error-text run-refusal" role="alert" data-testid="run-refusal">
            {runs.refusal}
          </p>
        )}
        {runs.player && (
          <button className="btn btn--ghost" onClick={() => (runs.closeReplay(), router.go({ page: 'flow', flowId: studio.flowId }, true))}>
            Close replay
          </button>
        )}
      </div>
      <CurrentRun studio={studio} />
      <BreakpointList studio={studio} />
      <PausedAtBreakpoint studio={studio} />
      {focused && studio.stage.active && <NodeInspector studio={studio} slug={focused} />}
      {!focused && studio.stage.active && <p className="muted">Click a node to see its inputs, output, error and duration.</p>}
      <LiveRuns studio={studio} />
      <RunHistory studio={studio} router={router} />
      <RerunDialog debug={studio.debug} outputsOf={(type) => studio.catalogue.get(type)?.outputs ?? []} />
      <RunComparisonView debug={studio.debug} />
    </div>
  );
});
