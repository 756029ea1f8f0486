/**
 * @module editor/panels/breakpoint-list — the flow's breakpoints in the Run tab (set from an
 * edge's menu: docs/debugging.md#breakpoints), each with its condition over the message (kept
 * when the field is left, or on Enter; empty: stop on every message) and a way to remove it.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { Studio } from '../stores/studio.ts';

const Condition = observer(function Condition({ studio, edgeId }: { studio: Studio; edgeId: string }) {
  const [text, setText] = useState(studio.runs.breakpoints.get(edgeId) ?? '');
  const keep = () => void studio.runs.setBreakpointCondition(edgeId, text);
  return (
    <input
      className="input code-text"
      data-testid="breakpoint-condition"
      data-edge={edgeId}
      aria-label={`Condition of the breakpoint on ${edgeId}`}
      placeholder="always, or e.g. {{message.output.total}} > 100"
      spellCheck={false}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={keep}
      onKeyDown={(e) => e.key === 'Enter' && keep()}
    />
  );
});

export const BreakpointList = observer(function BreakpointList({ studio }: { studio: Studio }) {
  const { breakpoints } = studio.runs;
  if (breakpoints.size === 0) return null;
  const edges = new Map((studio.canvas?.serialize().edges ?? []).map((e) => [e.id, e]));
  return (
    <section className="breakpoints" data-testid="breakpoint-list">
      <h4>Breakpoints</h4>
      <p className="muted">Test runs stop when a message reaches one of these edges and its condition holds.</p>
      <ul>
        {[...breakpoints.keys()].map((edgeId) => {
          const edge = edges.get(edgeId);
          return (
            <li key={edgeId} className="breakpoint-item">
              <span className="code-text">{edge ? `${edge.source} → ${edge.target}` : edgeId}</span>
              <Condition studio={studio} edgeId={edgeId} />
              <button className="btn btn--ghost btn--small" aria-label={`Remove the breakpoint on ${edgeId}`} onClick={() => void studio.runs.toggleBreakpoint(edgeId)}>
                Remove
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
});
