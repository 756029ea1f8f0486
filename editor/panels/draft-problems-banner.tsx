/** @module editor/panels/draft-problems-banner — over the canvas: the saved draft's structural problems (it is kept, but cannot run or be deployed until they are fixed). */
import { observer } from 'mobx-react-lite';
import type { Studio } from '../stores/studio.ts';

export const DraftProblemsBanner = observer(function DraftProblemsBanner({ studio }: { studio: Studio }) {
  const { problems } = studio.session;
  if (problems.length === 0) return null;
  return (
    <div className="draft-problems" role="status" data-testid="draft-problems">
      <strong>Saved as a draft: it cannot run or be deployed until {problems.length === 1 ? 'this is' : `these ${problems.length} are`} fixed.</strong>
      <ul>
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
});
