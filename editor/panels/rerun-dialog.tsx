/**
 * @module editor/panels/rerun-dialog — "Re-run from here": the recorded outputs the re-run starts
 * from, each editable as JSON (with the fields its node declares it outputs), the nodes that would call out of weft again (pin or disable them
 * first), and Start (docs/debugging.md).
 */
import { observer } from 'mobx-react-lite';
import type { OutputField } from '../../catalogue/types.ts';
import type { DebugStore } from '../stores/debug-store.ts';

const effectText: Record<string, string> = {
  http: 'calls an API',
  app: "calls an app's API",
  mail: 'sends mail',
  messaging: 'sends a message',
  database: 'writes to a database',
  flow: 'runs another flow',
};

/** `outputsOf`: the fields a node type declares it outputs (its definition's `outputs`) */
export const RerunDialog = observer(function RerunDialog({ debug, outputsOf }: { debug: DebugStore; outputsOf: (type: string) => readonly OutputField[] }) {
  const draft = debug.rerun;
  if (!draft) return null;
  const { plan } = draft;
  const problems = debug.rerunProblems;
  const warned = plan?.callsOut.filter((n) => !n.pinned && !n.disabled) ?? [];
  return (
    <div className="debug-overlay" role="dialog" aria-label="Re-run from here" data-testid="rerun-dialog">
      <div className="debug-dialog">
        <header className="debug-dialog-head">
          <h3>
            Re-run <code>{draft.runId.slice(0, 12)}</code> from <code>{draft.fromNode}</code>
          </h3>
          <button className="btn btn--ghost" onClick={debug.closeRerun}>Close</button>
        </header>
        {!plan && !draft.error && <p className="muted">Loading what the run recorded…</p>}
        {plan && (
          <>
            <p className="muted">
              Runs again on the draft: {plan.rerun.map((n) => n.nodeId).join(', ')}. The nodes before it do not run; they hand on what they recorded.
            </p>
            {draft.iterations.length > 0 && (
              <label className="debug-input">
                <span className="field-label">Start in iteration (the ones before it are not run again)</span>
                <select className="input" data-testid="rerun-iteration" value={draft.iteration} onChange={(e) => void debug.pickIteration(Number(e.target.value))}>
                  {draft.iterations.map((i) => (
                    <option key={i} value={i}>
                      {i}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {warned.length > 0 ? (
              <div className="debug-warning" data-testid="rerun-side-effects">
                <strong>These nodes call out again:</strong>
                <ul>
                  {warned.map((n) => (
                    <li key={n.nodeId} data-node={n.nodeId}>
                      <code>{n.nodeId}</code> ({n.label}) {effectText[n.sideEffects] ?? n.sideEffects}
                    </li>
                  ))}
                </ul>
                <span className="muted">Pin or disable them first if that must not happen again.</span>
              </div>
            ) : (
              <p className="muted" data-testid="rerun-no-side-effects">No node that runs again calls out of weft{plan.callsOut.length ? ' (the ones that would are pinned or disabled)' : ''}.</p>
            )}
            {plan.inputs.map((n) => (
              <label key={n.nodeId} className="debug-input">
                <span className="field-label">
                  Output of <code>{n.nodeId}</code> ({n.label}) as recorded
                </span>
                <textarea
                  className={`input code-text${problems[n.nodeId] ? ' invalid' : ''}`}
                  data-testid="rerun-input"
                  data-node={n.nodeId}
                  rows={6}
                  spellCheck={false}
                  value={draft.texts[n.nodeId] ?? ''}
                  onChange={(e) => debug.setRerunText(n.nodeId, e.target.value)}
                />
                {outputsOf(n.type).length > 0 && (
                  <span className="muted" data-testid="rerun-input-fields">
                    Its fields: {outputsOf(n.type).map((f) => `${f.name} (${f.type})`).join(', ')}
                  </span>
                )}
                {problems[n.nodeId] && <span className="field-problem">{problems[n.nodeId]}</span>}
              </label>
            ))}
          </>
        )}
        {draft.error && <p className="error-text" role="alert" data-testid="rerun-error">{draft.error}</p>}
        <div className="row">
          <button className="btn btn--primary" data-testid="rerun-start" disabled={!plan || debug.starting || Object.keys(problems).length > 0} onClick={() => void debug.startRerun()}>
            Start
          </button>
        </div>
      </div>
    </div>
  );
});
