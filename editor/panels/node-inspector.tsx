/**
 * @module editor/panels/node-inspector — a node in the shown run: state, duration, what it
 * received (the outputs of the nodes that lead into it), the model's tool calls, its output (marked pinned when a test
 * run used its pin) or error, and token usage and cost when the node reports them; a supervisor's
 * iterations (agent-iterations.tsx). On a finished run: "Re-run from here" and "Run this node"
 * (debug-store.ts), the node's last run alone shown below.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { formatDuration } from '../canvas/node-view.tsx';
import { isRunOver } from '../stores/run-view.ts';
import type { Studio } from '../stores/studio.ts';
import { AgentIterations } from './agent-iterations.tsx';
import { JsonView } from './json-view.tsx';
import { nodeUsage } from './node-usage.ts';
import { ToolCalls } from './tool-calls.tsx';

export const NodeInspector = observer(function NodeInspector({ studio, slug, compact }: { studio: Studio; slug: string; compact?: boolean }) {
  const view = studio.stage.focused;
  if (!view) return null;
  const run = view.nodes.get(slug);
  const canvas = studio.canvas;
  const nodeId = studio.config.bySlug(slug)?.id;
  const sources = canvas && nodeId ? [...new Set(canvas.editor.getConnections().filter((c) => c.target === nodeId).map((c) => canvas.slugOf(c.source)))] : [];
  const usage = run ? nodeUsage(run) : null;
  // a test run handed this node's pinned output on instead of running it
  const pinned = !!nodeId && !!studio.config.get(nodeId)?.pinned && view.mode === 'test' && run?.state === 'completed';
  const inputs = Object.fromEntries(sources.filter((s) => view.nodes.get(s)?.output !== undefined).map((s) => [s, view.nodes.get(s)!.output]));
  return (
    <section className={`inspector${compact ? ' compact' : ''}`} data-testid="node-inspector" data-node={slug}>
      <h4>
        In run <code>{view.runId.slice(0, 12)}</code>
      </h4>
      {!run ? (
        <p className="muted">{slug} has not been reached in this run.</p>
      ) : (
        <>
          <div className="inspector-facts">
            <span className={`state-pill state-pill--${run.state}`} data-testid="inspector-state">{run.state}</span>
            {pinned && <span className="state-pill state-pill--pinned" data-testid="inspector-pinned">pinned</span>}
            {run.durationMs !== undefined && <span>{formatDuration(run.durationMs)}</span>}
            {run.iterations > 0 && <span>{run.iterations} iterations</span>}
            {run.code !== undefined && <span>code {run.code}</span>}
            {usage && <span data-testid="inspector-usage">{usage.line}</span>}
          </div>
          {run.message && <p className="progress-line">{run.message}</p>}
          {run.error && <pre className="error-box" data-testid="inspector-error">{run.error}</pre>}
          {run.toolCalls && <ToolCalls calls={run.toolCalls} />}
          {sources.length > 0 && <JsonView label={`Inputs (from ${sources.join(', ')})`} value={inputs} open={!compact} />}
          {nodeId && studio.config.get(nodeId)?.type === 'agent' && <AgentIterations view={view} nodeId={slug} />}
          <JsonView label={pinned ? 'Output (pinned: the node did not run)' : 'Output'} value={run.output} />
          {usage && <JsonView label="Usage and cost" value={usage.detail} open={false} />}
        </>
      )}
      {!compact && <DebugActions studio={studio} slug={slug} />}
    </section>
  );
});

/** "Run this node" with outputs pasted for nodes before it (node id → output): they replace what the run recorded. */
function PastedInputs({ busy, run }: { busy: boolean; run(text: string): void }) {
  const [text, setText] = useState('{}');
  return (
    <details className="pasted-inputs">
      <summary>Run this node with pasted inputs</summary>
      <label className="muted" htmlFor="pasted-inputs">Node id → its output, for nodes before this one (they replace what this run recorded)</label>
      <textarea id="pasted-inputs" className="input code-text" data-testid="pasted-inputs" rows={4} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
      <button className="btn" data-testid="run-node-pasted" disabled={busy} onClick={() => run(text)}>
        Run with these inputs
      </button>
    </details>
  );
}

/** "Re-run from here" and "Run this node" on a finished run, and the node's last run alone. */
const DebugActions = observer(function DebugActions({ studio, slug }: { studio: Studio; slug: string }) {
  const view = studio.stage.focused;
  const { debug } = studio;
  const alone = debug.nodeRuns.get(slug);
  if (!view || !isRunOver(view.status) || studio.runs.watching) return null;
  const reached = view.nodes.get(slug);
  const canRerun = reached && reached.state !== 'skipped';
  return (
    <>
      <div className="debug-actions">
        <button className="btn" data-testid="rerun-from-here" disabled={!canRerun} title="Start a new run here: the nodes before it hand on what they recorded" onClick={() => void debug.openRerun(view.runId, slug)}>
          Re-run from here
        </button>
        <button className="btn" data-testid="run-node" disabled={!canRerun || debug.runningNode === slug} title="Run this node of the draft alone, with what this run recorded before it" onClick={() => void debug.runNode(slug, view.runId)}>
          {debug.runningNode === slug ? 'Running…' : 'Run this node'}
        </button>
      </div>
      <PastedInputs key={`${view.runId}/${slug}`} busy={!canRerun || debug.runningNode === slug} run={(text) => void debug.runNode(slug, view.runId, text)} />
      {alone && (
        <div className="node-run-result" data-testid="node-run-result" data-status={alone.status}>
          <div className="inspector-facts">
            <span>Run alone</span>
            <span className={`state-pill state-pill--${alone.status}`}>{alone.status}</span>
            {alone.durationMs !== undefined && <span>{formatDuration(alone.durationMs)}</span>}
            <code title={`its input from run ${alone.fromRun}`}>{alone.runId.slice(0, 12)}</code>
          </div>
          {alone.error && <pre className="error-box">{alone.error}</pre>}
          {alone.output !== undefined && <JsonView label="Output (run alone)" value={alone.output} />}
        </div>
      )}
    </>
  );
});
