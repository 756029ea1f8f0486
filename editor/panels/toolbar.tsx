/** @module editor/panels/toolbar — the flow's bar: back, name, save state, editing commands, run and deploy state. */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { RouterStore } from '../stores/router-store.ts';
import type { Studio } from '../stores/studio.ts';
import { SaveStatus } from './save-status.tsx';
import { Icon } from '../icons/icon.tsx';
import { ShortcutsHelp } from './shortcuts-help.tsx';
import { UndeployedChanges } from '../versions/undeployed-changes.tsx';

const FlowName = observer(function FlowName({ studio }: { studio: Studio }) {
  const name = studio.session.flow?.name ?? '';
  // keyed by the stored name: a name changed elsewhere (their version loaded) shows in the same render
  return <FlowNameInput key={name} name={name} rename={studio.session.rename} />;
});

function FlowNameInput({ name, rename }: { name: string; rename: (name: string) => void }) {
  const [text, setText] = useState(name);
  return (
    <input
      className="flow-title"
      aria-label="Flow name"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => text.trim() && text !== name && rename(text)}
      onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
    />
  );
}

export const Toolbar = observer(function Toolbar({ studio, router }: { studio: Studio; router: RouterStore }) {
  const flow = studio.session.flow;
  const commands = studio.commands;
  return (
    <header className="toolbar">
      <button
        className="btn btn--ghost back"
        title="Back to the project's flows"
        aria-label="Back"
        onClick={() => (flow ? router.go({ page: 'project', projectId: flow.projectId }) : router.go({ page: 'projects' }))}
      >
        <Icon name="back" />
      </button>
      <span className="brand-mark" />
      <FlowName studio={studio} />
      {flow && <span className={`pill pill--${flow.status}`}>{flow.status === 'active' ? 'deployed' : 'draft'}</span>}
      <UndeployedChanges studio={studio} />
      <SaveStatus studio={studio} />
      <div className="toolbar-group">
        <button className="btn btn--icon" title="Undo (Ctrl+Z)" aria-label="Undo" onClick={() => void commands?.undo()}><Icon name="undo" /></button>
        <button className="btn btn--icon" title="Redo (Ctrl+Shift+Z)" aria-label="Redo" onClick={() => void commands?.redo()}><Icon name="redo" /></button>
        <button className="btn btn--icon" title="Delete selection (Del)" aria-label="Delete" onClick={() => void studio.canvas?.deleteSelection()}><Icon name="trash" /></button>
        <span className="toolbar-sep" />
        <button className="btn" title="Auto-arrange (Shift+A)" onClick={() => void commands?.arrange()}>Arrange</button>
        <button className="btn" title="Zoom to fit (F)" onClick={() => void commands?.fit()}>Fit</button>
        <button className="btn" title="Add a sticky note (Shift+S)" data-testid="add-note" onClick={studio.addNote}>Note</button>
        <ShortcutsHelp />
      </div>
      <button
        className="btn btn--primary run-button"
        data-testid="toolbar-run"
        disabled={studio.runs.busy}
        onClick={() => {
          studio.setTab('run');
          void studio.runs.run();
        }}
      >
        <Icon name="play" /> Run
      </button>
    </header>
  );
});
