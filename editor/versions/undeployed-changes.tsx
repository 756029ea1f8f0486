/**
 * @module editor/versions/undeployed-changes — the toolbar's "N changes not deployed": shown while
 * the saved draft differs from the version production runs; a click lists what changed (nodes by
 * name, with their fields) and offers the comparison and the Deploy tab.
 */
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { useDismiss } from '../panels/use-dismiss.ts';
import { describeChanges } from '../../catalogue/flow-diff.ts';
import type { Studio } from '../stores/studio.ts';
import { nodeNamer } from './node-names.ts';

export const UndeployedChanges = observer(function UndeployedChanges({ studio }: { studio: Studio }) {
  const { versions } = studio;
  const [open, setOpen] = useState(false);
  const holder = useRef<HTMLDivElement>(null);
  useDismiss(holder, open, () => setOpen(false));
  const pending = versions.pending;
  const count = versions.pendingCount;
  const deployed = versions.deployed;
  if (!pending || !deployed || count === 0) return null;
  const lines = describeChanges(pending, nodeNamer(studio.catalogue, [studio.session.flow, deployed]));
  return (
    <div className="undeployed" ref={holder}>
      <button className="btn undeployed-button" data-testid="undeployed-changes" data-count={count} aria-expanded={open} onClick={() => setOpen(!open)}>
        {count} {count === 1 ? 'change' : 'changes'} not deployed
      </button>
      {open && (
        <div className="undeployed-list popover" role="dialog" aria-label="Changes not deployed" data-testid="undeployed-list">
          <p className="muted">
            {studio.session.flow?.status === 'active' ? `Production runs version ${deployed.version}.` : `Version ${deployed.version} was deployed last (the flow is undeployed now).`} The draft
            changes:
          </p>
          <ul>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className="row">
            <button className="btn" data-testid="undeployed-compare" onClick={() => (setOpen(false), void versions.openCompare(deployed.version, 'draft'))}>
              Compare side by side
            </button>
            <button className="btn btn--primary" onClick={() => (setOpen(false), studio.setTab('deploy'))}>
              Deploy…
            </button>
          </div>
        </div>
      )}
    </div>
  );
});
