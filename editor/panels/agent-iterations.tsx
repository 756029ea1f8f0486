/** @module editor/panels/agent-iterations — the supervisor's iterations in the inspector (see agent-iterations.ts). */
import { observer } from 'mobx-react-lite';
import type { RunView } from '../stores/run-view.ts';
import { agentIterations } from './agent-iterations.ts';
import { JsonView } from './json-view.tsx';

export const AgentIterations = observer(function AgentIterations({ view, nodeId }: { view: RunView; nodeId: string }) {
  const run = view.nodes.get(nodeId);
  if (!run) return null;
  const rows = agentIterations(run, view.nodes.values());
  if (rows.length === 0) return null;
  return (
    <section className="agent-iterations" data-testid="agent-iterations">
      <h5>Iterations</h5>
      <ol>
        {rows.map((row) => (
          <li key={row.iteration} data-testid="agent-iteration" data-choice={row.choice}>
            <div className="inspector-facts">
              <span>#{row.iteration}</span>
              <strong>{row.choice}</strong>
              {row.usage && <span>{row.usage}</span>}
            </div>
            {row.input !== undefined && <JsonView label="Agent input" value={row.input} open={false} />}
            {row.output !== undefined && <JsonView label="Agent output" value={row.output} open={false} />}
          </li>
        ))}
      </ol>
    </section>
  );
});
