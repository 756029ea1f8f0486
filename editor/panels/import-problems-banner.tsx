/** @module editor/panels/import-problems-banner — over the canvas, after an n8n import: each node or expression the import could not carry over, by its n8n name (the same list is a note on the canvas). */
import { observer } from 'mobx-react-lite';
import { n8nImports } from '../stores/n8n-import.ts';

export const ImportProblemsBanner = observer(function ImportProblemsBanner({ flowId }: { flowId: string }) {
  const problems = n8nImports.problems.get(flowId);
  if (!problems?.length) return null;
  return (
    <div className="import-problems" role="status" data-testid="import-problems">
      <strong>Imported from n8n: {problems.length === 1 ? 'one thing' : `${problems.length} things`} to check</strong>
      <button className="btn btn--small" onClick={() => n8nImports.dismiss(flowId)} aria-label="Dismiss the import problems">Dismiss</button>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            <b>{p.node}</b>
            {p.field ? ` (${p.field})` : ''}: {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
});
