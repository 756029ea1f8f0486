/**
 * @module editor/panels/run-comparison — two runs side by side (GET /api/runs/:a/compare/:b):
 * a row per node with each run's state, duration, tokens and cost, and the paths where their
 * outputs differ (added, removed, changed).
 */
import { observer } from 'mobx-react-lite';
import { formatDuration } from '../canvas/node-view.tsx';
import type { ComparedNode, NodeComparison } from '../../contract/run-compare.ts';
import type { DebugStore } from '../stores/debug-store.ts';

const short = (value: unknown) => {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 80 ? `${text.slice(0, 80)}…` : text;
};
const shown = (path: string) => (path === '' ? '(whole output)' : path);

function Facts({ node }: { node?: ComparedNode }) {
  if (!node) return <td className="muted">not reached</td>;
  return (
    <td>
      <span className={`state-pill state-pill--${node.state}`}>{node.state}</span>{' '}
      {node.durationMs !== undefined && formatDuration(node.durationMs)}
      {node.tokens > 0 && ` · ${node.tokens} tokens`}
      {node.cost > 0 && ` · $${node.cost.toFixed(6)}`}
    </td>
  );
}

function Diff({ node }: { node: NodeComparison }) {
  if (node.same) return <td className="muted">same output</td>;
  const { added, removed, changed, truncated } = node.diff;
  return (
    <td>
      <ul className="output-diff" data-testid="comparison-diff">
        {changed.map((c) => <li key={`c${c.path}`} className="diff-changed">~ {shown(c.path)}: {short(c.before)} → {short(c.after)}</li>)}
        {added.map((c) => <li key={`a${c.path}`} className="diff-added">+ {shown(c.path)}: {short(c.value)}</li>)}
        {removed.map((c) => <li key={`r${c.path}`} className="diff-removed">− {shown(c.path)}: {short(c.value)}</li>)}
        {truncated && <li className="muted">… more differences</li>}
      </ul>
    </td>
  );
}

export const RunComparisonView = observer(function RunComparisonView({ debug }: { debug: DebugStore }) {
  const comparison = debug.comparison;
  if (!comparison) return null;
  const { a, b, totals } = comparison;
  return (
    <div className="debug-overlay" role="dialog" aria-label="Compare runs" data-testid="run-comparison">
      <div className="debug-dialog debug-dialog--wide">
        <header className="debug-dialog-head">
          <h3>
            Compare <code>{a.runId.slice(0, 12)}</code> → <code>{b.runId.slice(0, 12)}</code>
            {b.rerunOf?.runId === a.runId && <span className="muted"> (a re-run of it from {b.rerunOf.fromNode})</span>}
          </h3>
          <button className="btn btn--ghost" data-testid="comparison-close" onClick={debug.closeComparison}>Close</button>
        </header>
        <table className="comparison-table">
          <thead>
            <tr><th>Node</th><th>{a.runId.slice(0, 12)}</th><th>{b.runId.slice(0, 12)}</th><th>Output</th></tr>
          </thead>
          <tbody>
            {comparison.nodes.map((node) => (
              <tr key={node.nodeId} data-testid="comparison-row" data-node={node.nodeId} data-same={String(node.same)}>
                <td><code>{node.nodeId}</code></td>
                <Facts node={node.a} />
                <Facts node={node.b} />
                <Diff node={node} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td>Total</td>
              {[totals.a, totals.b].map((t, i) => (
                <td key={i}>{t.durationMs !== undefined ? formatDuration(t.durationMs) : '…'} · {t.tokens} tokens · ${t.cost.toFixed(6)}</td>
              ))}
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
});
