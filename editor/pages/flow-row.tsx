/** @module editor/pages/flow-row — one flow in a project's list, with rename, duplicate, export and delete. */
import { useState } from 'react';
import type { FlowDocument } from '../../contract/flow-document.ts';

export interface FlowRowActions {
  open(flow: FlowDocument): void;
  rename(flow: FlowDocument, name: string): Promise<void>;
  duplicate(flow: FlowDocument): Promise<void>;
  exportFile(flow: FlowDocument): void | Promise<void>;
  remove(flow: FlowDocument): Promise<void>;
}

export function FlowRow({ flow, actions }: { flow: FlowDocument; actions: FlowRowActions }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(flow.name);
  const [confirming, setConfirming] = useState(false);
  const submit = async () => {
    setEditing(false);
    if (name.trim() && name.trim() !== flow.name) await actions.rename(flow, name.trim());
  };
  return (
    <li className="flow-row" data-testid="flow-row" data-flow-id={flow.id}>
      {editing ? (
        <form onSubmit={(e) => (e.preventDefault(), void submit())} className="flow-row-main">
          <input autoFocus value={name} onChange={(e) => setName(e.target.value)} onBlur={() => void submit()} aria-label="Flow name" />
        </form>
      ) : (
        <a className="flow-row-main" href={`/flows/${flow.id}`} onClick={(e) => (e.preventDefault(), actions.open(flow))}>
          <span className="flow-name">{flow.name}</span>
          <span className={`pill pill--${flow.status}`}>{flow.status === 'active' ? 'deployed' : 'draft'}</span>
          <span className="card-meta">
            {flow.nodes.length} nodes · v{flow.version} · edited {new Date(flow.updatedAt).toLocaleString()}
          </span>
        </a>
      )}
      {confirming ? (
        <div className="flow-row-actions confirm">
          <span>Delete “{flow.name}” for good?</span>
          <button className="btn btn--danger" onClick={() => void actions.remove(flow)}>Delete</button>
          <button className="btn" onClick={() => setConfirming(false)}>Keep</button>
        </div>
      ) : (
        <div className="flow-row-actions">
          <button className="btn btn--ghost" onClick={() => setEditing(true)}>Rename</button>
          <button className="btn btn--ghost" onClick={() => void actions.duplicate(flow)}>Duplicate</button>
          <button className="btn btn--ghost" onClick={() => actions.exportFile(flow)}>Export</button>
          <button className="btn btn--ghost btn--danger-text" onClick={() => setConfirming(true)}>Delete</button>
        </div>
      )}
    </li>
  );
}
