/** @module editor/panels/tool-calls — a model node's tool calls in the shown run: each tool, what it was given and what it answered. */
import type { ToolCallView } from '../../contract/tool-progress.ts';

export function ToolCalls({ calls }: { calls: readonly ToolCallView[] }) {
  return (
    <div className="tool-calls" data-testid="inspector-tool-calls">
      <h5>Tool calls ({calls.length})</h5>
      <ol>
        {calls.map((call, i) => (
          <li key={i} className="tool-call" data-testid="tool-call">
            <code className="tool-call-name">{call.name}</code>
            <div className="tool-call-io"><span className="muted">input</span> <code>{call.input}</code></div>
            <div className="tool-call-io">
              <span className="muted">answer</span> {call.answer === undefined ? <em className="muted">waiting…</em> : <code>{call.answer}</code>}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
