/** @module editor/panels/side-panel — the right-hand panel: configure the node, run (and chat or search, for a widget's flow), tests, deploy, actors. */
import { observer } from 'mobx-react-lite';
import { panelLayout } from '../stores/app-stores.ts';
import type { RouterStore } from '../stores/router-store.ts';
import type { SideTab, Studio } from '../stores/studio.ts';
import { ActorsPanel } from './actors-panel.tsx';
import { ChatPane } from './chat-pane.tsx';
import { ConfigPanel } from './config-panel.tsx';
import { DeployPanel } from './deploy-panel.tsx';
import { PanelToggle } from './panel-toggle.tsx';
import { RunPanel } from './run-panel.tsx';
import { SearchPane } from './search-pane.tsx';
import { TestsPanel } from './tests-panel.tsx';

const tabs: [SideTab, string][] = [
  ['configure', 'Configure'],
  ['run', 'Run'],
  ['chat', 'Chat'],
  ['search', 'Search'],
  ['tests', 'Tests'],
  ['deploy', 'Deploy'],
  ['actors', 'Actors'],
];

export const SidePanel = observer(function SidePanel({ studio, router }: { studio: Studio; router: RouterStore }) {
  if (panelLayout.isCollapsed('side')) {
    return (
      <aside className="side side--collapsed" data-testid="side-panel">
        <PanelToggle panel="side" />
      </aside>
    );
  }
  // the chat pane and the search box only for a flow their widget starts
  const shown = tabs.filter(([tab]) => (tab !== 'chat' && tab !== 'search') || tab === studio.widget);
  const current = shown.some(([tab]) => tab === studio.tab) ? studio.tab : 'configure';
  return (
    <aside className="side" data-testid="side-panel">
      <div className="side-head">
        <PanelToggle panel="side" />
        <nav className="tabs" role="tablist">
          {shown.map(([tab, label]) => (
            <button key={tab} role="tab" aria-selected={current === tab} className={current === tab ? 'active' : ''} onClick={() => studio.setTab(tab)} data-testid={`tab-${tab}`}>
              {label}
            </button>
          ))}
        </nav>
      </div>
      <div className="side-body">
        {current === 'configure' && <ConfigPanel studio={studio} />}
        {current === 'run' && <RunPanel studio={studio} router={router} />}
        {current === 'chat' && <ChatPane studio={studio} />}
        {current === 'search' && <SearchPane studio={studio} />}
        {current === 'tests' && <TestsPanel studio={studio} router={router} />}
        {current === 'deploy' && <DeployPanel studio={studio} />}
        {current === 'actors' && <ActorsPanel studio={studio} />}
      </div>
    </aside>
  );
});
