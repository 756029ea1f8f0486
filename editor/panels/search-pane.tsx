/**
 * @module editor/panels/search-pane — the search box of a search flow: a query is a test run of
 * the flow as it is on the canvas (shown live there), and its results are listed as the search
 * widget lists them (the trigger's tabs and groups, widgets/search/arrange.ts); why a search was
 * refused shows beside the box.
 */
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { applyDefaults } from '../../catalogue/values.ts';
import { ALL_TAB, groupsOf, inTab, tabsOf } from '../../widgets/search/arrange.ts';
import type { SearchResult } from '../../contract/search.ts';
import { safeUrl } from '../../widgets/shared/markdown-inline.ts';
import type { Studio } from '../stores/studio.ts';
import { Icon } from '../icons/icon.tsx';

interface Layout {
  showAllTab: boolean;
  staticTabs: string[];
  enableGrouping: boolean;
  linkTarget: string;
}

/** How the trigger asks the widget to lay its results out (its values over the definition's defaults). */
function layoutOf(studio: Studio): Layout {
  const trigger = [...studio.config.nodes.values()].find((node) => node.type === 'searchTriggerNode');
  const definition = trigger && studio.catalogue.get(trigger.type);
  const values = definition ? applyDefaults(definition, trigger.values) : {};
  return {
    showAllTab: values.showAllTab !== false,
    staticTabs: Array.isArray(values.staticTabs) ? values.staticTabs.map(String) : [],
    enableGrouping: values.enableGrouping === true,
    linkTarget: values.linkTarget === '_self' ? '_self' : '_blank',
  };
}

function ResultItem({ item, target }: { item: SearchResult; target: string }) {
  const link = item.link ? safeUrl(item.link, ['http:', 'https:', 'mailto:']) : null;
  return (
    <li className="search-result" data-testid="search-result">
      {item.breadCrumb && <span className="search-crumb">{item.breadCrumb}</span>}
      {link ? (
        <a className="search-title" href={link} target={target} rel="noopener noreferrer">
          {item.name}
        </a>
      ) : (
        <span className="search-title">{item.name}</span>
      )}
      {item.content && <span className="search-snippet">{item.content}</span>}
    </li>
  );
}

const Results = observer(function Results({ studio, results }: { studio: Studio; results: SearchResult[] }) {
  const [tab, setTab] = useState('');
  const layout = layoutOf(studio);
  const tabs = tabsOf(results, layout.staticTabs, layout.showAllTab);
  const current = tabs.includes(tab) ? tab : (tabs[0] ?? ALL_TAB);
  const groups = groupsOf(inTab(results, current, layout.showAllTab), layout.enableGrouping);
  return (
    <div className="search-results" data-testid="search-results">
      {tabs.length > 1 && (
        <nav className="search-tabs" role="tablist">
          {tabs.map((t) => (
            <button key={t} type="button" role="tab" aria-selected={t === current} className={t === current ? 'active' : ''} onClick={() => setTab(t)} data-testid="search-tab">
              {t} <span className="muted">{inTab(results, t, layout.showAllTab).length}</span>
            </button>
          ))}
        </nav>
      )}
      {groups.map((group) => (
        <div key={group.name || 'all'} className="search-group">
          {layout.enableGrouping && (
            <h4>
              {group.name}
              {group.referenceLink && safeUrl(group.referenceLink, ['http:', 'https:']) && (
                <a href={safeUrl(group.referenceLink, ['http:', 'https:'])!} target={layout.linkTarget} rel="noopener noreferrer">
                  {group.referenceText || group.referenceLink}
                </a>
              )}
            </h4>
          )}
          <ul>
            {group.items.map((item, i) => (
              <ResultItem key={`${i}-${item.name}`} item={item} target={layout.linkTarget} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
});

export const SearchPane = observer(function SearchPane({ studio }: { studio: Studio }) {
  const { search } = studio;
  const { answer } = search;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search.search();
  };
  return (
    <div className="search-pane" data-testid="search-pane">
      <p className="muted">Each search is a test run of the flow as it is on the canvas; its results are listed as the search widget lists them.</p>
      <form className="row" onSubmit={submit}>
        <input
          className="input"
          type="search"
          aria-label="Search"
          placeholder="Search…"
          data-testid="search-input"
          value={search.query}
          onChange={(e) => search.setQuery(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" data-testid="search-button" disabled={search.busy || !search.query.trim()}>
          <Icon name="search" /> Search
        </button>
      </form>
      {search.refusal && (
        <p className="error-text test-refusal" role="alert" data-testid="search-refusal">
          {search.refusal}
        </p>
      )}
      {answer.state === 'searching' && <p className="muted" data-testid="search-busy">Searching…</p>}
      {answer.state === 'failed' && (
        <p className="error-text" data-testid="search-error">
          {answer.error}
        </p>
      )}
      {answer.state === 'done' && answer.results.length === 0 && <p className="muted">No results for “{answer.query}”</p>}
      {answer.state === 'done' && answer.results.length > 0 && <Results key={answer.runId} studio={studio} results={answer.results} />}
    </div>
  );
});
