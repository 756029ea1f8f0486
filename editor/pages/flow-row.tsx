/** @module editor/pages/flow-row — one flow in a project's list, with rename, duplicate, export and delete. */
import { useState } from 'react';
import type { FlowSummary } from '../../contract/flow-document.ts';

export interface FlowRowActions {
  open(flow: FlowSummary): void;
  rename(flow: FlowSummary, name: string): Promise<void>;
  duplicate(flow: FlowSummary): Promise<void>;
  exportFile(flow: FlowSummary): void | Promise<void>;
  remove(flow: FlowSummary): Promise<void>;
}

export function FlowRow({ flow, actions }: { flow: FlowSummary; actions: FlowRowActions }) {
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
            {flow.nodeCount} nodes · v{flow.version} · edited {new Date(flow.updatedAt).toLocaleString()}
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
