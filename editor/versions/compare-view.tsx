/**
 * @module editor/versions/compare-view — two versions (or a version and the draft) side by side,
 * read-only: the older on the left, the newer on the right, with added, removed, changed and
 * moved nodes and added and removed edges coloured (a legend says how), and the changed fields
 * of the node picked on either side listed with their values before and after.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { changeCount, diffFlows, fieldLabel, type FlowDiff } from '../../catalogue/flow-diff.ts';
import type { Studio } from '../stores/studio.ts';
import { sideName, type CompareSide } from '../stores/versions-store.ts';
import { edgeMarks, nodeMarks, type Mark } from './compare-marks.ts';
import { nodeNamer } from './node-names.ts';
import { ReadOnlyCanvas } from './read-only-canvas.tsx';

const legend: [Mark, string][] = [
  ['added', 'added'],
  ['removed', 'removed'],
  ['changed', 'changed fields'],
  ['moved', 'moved only'],
];

export const CompareView = observer(function CompareView({ studio }: { studio: Studio }) {
  const { versions, catalogue } = studio;
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => {
    // read-only: the canvas's shortcuts (Delete, undo, paste…) must not act on the flow hidden below
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') versions.closeCompare();
      const target = event.target as HTMLElement | null;
      if (!target || !['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [versions]);
  const compare = versions.compare;
  const before = compare && versions.documentOf(compare.left);
  const after = compare && versions.documentOf(compare.right);
  if (!compare || !before || !after) return null;
  const diff = diffFlows(before, after);
  const choices: CompareSide[] = [...versions.list.map((v) => v.version).sort((a, b) => a - b), 'draft'];
  const pick = (side: 'left' | 'right', value: string) => {
    const chosen: CompareSide = value === 'draft' ? 'draft' : Number(value);
    void versions.openCompare(side === 'left' ? chosen : compare.left, side === 'right' ? chosen : compare.right);
  };
  const count = changeCount(diff);
  return (
    <div className="compare" role="dialog" aria-label="Compare versions" data-testid="compare">
      <header className="compare-head">
        <h3>Compare</h3>
        <SideSelect label="Older" value={compare.left} choices={choices} onChange={(v) => pick('left', v)} />
        <span aria-hidden>→</span>
        <SideSelect label="Newer" value={compare.right} choices={choices} onChange={(v) => pick('right', v)} />
        <span className="muted" data-testid="compare-count">{count === 0 ? 'No changes' : `${count} ${count === 1 ? 'change' : 'changes'}`}</span>
        <ul className="compare-legend" aria-label="Legend">
          {legend.map(([mark, text]) => (
            <li key={mark} className={`compare-legend-item compare-legend-item--${mark}`}>
              <i />
              {text}
            </li>
          ))}
        </ul>
        <button className="btn" data-testid="compare-close" onClick={versions.closeCompare}>Close</button>
      </header>
      <div className="compare-body">
        {(['before', 'after'] as const).map((side) => {
          const doc = side === 'before' ? before : after;
          return (
            <ReadOnlyCanvas
              key={side}
              side={side}
              title={sideName(side === 'before' ? compare.left : compare.right)}
              nodes={doc.nodes}
              edges={doc.edges}
              nodeMarks={nodeMarks(diff, side)}
              edgeMarks={edgeMarks(diff, side)}
              catalogue={catalogue}
              picked={picked}
              onPick={setPicked}
            />
          );
        })}
        {picked && <PickedNode diff={diff} id={picked} name={nodeNamer(catalogue, [after, before])} onClose={() => setPicked(null)} />}
      </div>
    </div>
  );
});

function SideSelect(props: { label: string; value: CompareSide; choices: CompareSide[]; onChange: (value: string) => void }) {
  return (
    <label className="compare-select">
      <span className="muted">{props.label}</span>
      <select className="input small" aria-label={props.label} value={String(props.value)} onChange={(e) => props.onChange(e.target.value)}>
        {props.choices.map((c) => (
          <option key={String(c)} value={String(c)}>{sideName(c)}</option>
        ))}
      </select>
    </label>
  );
}

const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value, null, 1));

function PickedNode({ diff, id, name, onClose }: { diff: FlowDiff; id: string; name: (n: { id: string; type: string }) => string; onClose: () => void }) {
  const change = diff.nodes.changed.find((c) => c.id === id);
  const added = diff.nodes.added.find((n) => n.id === id);
  const removed = diff.nodes.removed.find((n) => n.id === id);
  const moved = diff.nodes.moved.find((m) => m.id === id);
  const type = change?.type ?? added?.type ?? removed?.type ?? moved?.type ?? '';
  return (
    <aside className="compare-details" data-testid="compare-details" aria-label="Changed fields">
      <div className="section-head">
        <h4>{name({ id, type })}</h4>
        <button className="btn btn--ghost" aria-label="Close details" onClick={onClose}>×</button>
      </div>
      {added && <p>Added in the newer one.</p>}
      {removed && <p>Removed in the newer one.</p>}
      {moved && <p className="muted">Moved from ({moved.from.x}, {moved.from.y}) to ({moved.to.x}, {moved.to.y}).</p>}
      {!change && !added && !removed && !moved && <p className="muted">No changes.</p>}
      {change && (
        <table className="compare-fields">
          <thead>
            <tr><th>Field</th><th>Before</th><th>After</th></tr>
          </thead>
          <tbody>
            {change.fields.map((f) => (
              <tr key={f.field} data-testid="changed-field" data-field={fieldLabel(f.field)}>
                <th scope="row">{fieldLabel(f.field)}</th>
                <td><pre>{shown(f.before)}</pre></td>
                <td><pre>{shown(f.after)}</pre></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </aside>
  );
}
