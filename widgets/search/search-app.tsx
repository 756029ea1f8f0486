/**
 * @module widgets/search/search-app — the search widget: a box that searches as the visitor
 * types (after the configured pause), results as the search response node shapes them, tabs,
 * groups, and keyboard navigation (↑ ↓ move, ↵ opens, esc closes).
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { getJson, postJson, WidgetError } from '../shared/api.ts';
import type { Embed } from '../shared/embed.ts';
import { SearchIcon } from '../shared/icons.tsx';
import { ALL_TAB, groupsOf, inTab, tabsOf } from './arrange.ts';
import type { SearchResult } from '../../contract/search.ts';
import type { SearchConfig } from './types.ts';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; config: SearchConfig };
type Answer = { state: 'idle' } | { state: 'searching' } | { state: 'done'; query: string; results: SearchResult[] } | { state: 'error'; message: string };

export function SearchApp({ embed }: { embed: Embed }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const base = `${embed.server}/widgets/search/${encodeURIComponent(embed.flowId)}`;
  useEffect(() => {
    getJson<{ searchConfig: SearchConfig }>(`${base}/config`)
      .then(({ searchConfig }) => setLoad({ state: 'ready', config: searchConfig }))
      .catch((error: unknown) =>
        setLoad({
          state: 'failed',
          message: error instanceof WidgetError && error.refused ? 'This website is not allowed to use this search.' : 'The search is not available right now.',
        }),
      );
  }, [base]);
  if (load.state === 'loading') return null;
  if (load.state === 'failed') {
    return (
      <div className="notice" role="alert" data-testid="search-notice">
        {load.message}
      </div>
    );
  }
  return <Search config={load.config} base={base} />;
}

function Search({ config, base }: { config: SearchConfig; base: string }) {
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<Answer>({ state: 'idle' });
  const [tab, setTab] = useState('');
  const [active, setActive] = useState(-1);
  const asked = useRef(0);
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const text = query.trim();
    const ask = ++asked.current;
    if (!text) {
      setAnswer({ state: 'idle' });
      return;
    }
    const timer = setTimeout(() => {
      setAnswer({ state: 'searching' });
      postJson<{ results: SearchResult[] }>(`${base}/query`, { query: text })
        .then(({ results }) => ask === asked.current && setAnswer({ state: 'done', query: text, results }))
        .catch((error: unknown) => {
          if (ask !== asked.current) return;
          const refused = error instanceof WidgetError && error.refused;
          setAnswer({ state: 'error', message: refused ? 'This website is not allowed to use this search.' : 'The search failed. Please try again.' });
        });
    }, Math.max(0, Number(config.searchDebounce) || 0));
    return () => clearTimeout(timer);
  }, [query, base, config.searchDebounce]);

  const results = answer.state === 'done' ? answer.results : [];
  const tabs = useMemo(() => tabsOf(results, config.staticTabs ?? [], config.showAllTab), [results, config.staticTabs, config.showAllTab]);
  const current = tabs.includes(tab) ? tab : (tabs[0] ?? ALL_TAB);
  const groups = useMemo(() => groupsOf(inTab(results, current, config.showAllTab), config.enableGrouping), [results, current, config]);
  const flat = groups.flatMap((g) => g.items);
  useEffect(() => setActive(-1), [answer, current]);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const open = results.length > 0 || answer.state !== 'idle';
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (flat.length ? (i + 1) % flat.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (flat.length ? (i <= 0 ? flat.length - 1 : i - 1) : -1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      list.current?.querySelector<HTMLAnchorElement>('[aria-selected="true"] a')?.click();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setQuery('');
      setAnswer({ state: 'idle' });
      input.current?.blur();
    }
  };

  const colours = { '--primary': config.primaryColor, '--secondary': config.secondaryColor } as CSSProperties;
  let index = -1;
  return (
    <div className="search" style={colours} data-testid="search">
      <div className="box">
        <span className="glass">
          <SearchIcon size={18} />
        </span>
        <input
          ref={input}
          value={query}
          type="search"
          placeholder={config.searchPlaceholderText}
          aria-label="Search"
          role="combobox"
          aria-expanded={open}
          aria-controls="weft-search-results"
          data-testid="search-input"
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKey}
        />
        {answer.state === 'searching' && <span className="spinner" data-testid="search-busy" aria-label="Searching" />}
      </div>
      {open && (
        <div className="results" data-testid="search-results">
          {tabs.length > 0 && answer.state === 'done' && (
            <div className="tabs" role="tablist">
              {tabs.map((t) => (
                <button type="button" role="tab" key={t} aria-selected={t === current} className={t === current ? 'tab current' : 'tab'} data-testid="search-tab" onClick={() => setTab(t)}>
                  {t}
                  <span className="count">{inTab(results, t, config.showAllTab).length}</span>
                </button>
              ))}
            </div>
          )}
          <div className="list" id="weft-search-results" role="listbox" ref={list}>
            {answer.state === 'error' && <p className="empty failed">{answer.message}</p>}
            {answer.state === 'done' && flat.length === 0 && <p className="empty">No results for “{answer.query}”</p>}
            {groups.map((group) => (
              <div className="group" key={group.name || 'all'} data-testid={config.enableGrouping ? 'search-group' : undefined}>
                {config.enableGrouping && (
                  <div className="group-head">
                    <span className="group-name">{group.name}</span>
                    {group.referenceLink && (
                      <a className="reference" href={group.referenceLink} target={config.linkTarget} rel="noopener noreferrer">
                        {group.referenceText || group.referenceLink}
                      </a>
                    )}
                  </div>
                )}
                {group.items.map((item) => {
                  index += 1;
                  const mine = index;
                  return (
                    <div key={`${mine}-${item.name}`} role="option" aria-selected={mine === active} className={mine === active ? 'item active' : 'item'} data-testid="search-result" onMouseEnter={() => setActive(mine)}>
                      <a href={item.link || undefined} target={config.linkTarget} rel={config.linkTarget === '_blank' ? 'noopener noreferrer' : undefined}>
                        {item.breadCrumb && <span className="crumb">{item.breadCrumb}</span>}
                        <span className="title">{item.name}</span>
                        {item.content && <span className="snippet">{item.content}</span>}
                      </a>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          {(config.showNavHelperText || config.showEscapeHelperText || !config.hideBranding) && (
            <footer className="footer">
              {config.showNavHelperText && (
                <span data-testid="search-nav-help">
                  <kbd>↑</kbd>
                  <kbd>↓</kbd> to navigate <kbd>↵</kbd> to select
                </span>
              )}
              {config.showEscapeHelperText && (
                <span data-testid="search-escape-help">
                  <kbd>esc</kbd> to close
                </span>
              )}
              {!config.hideBranding && (
                <span className="branding" data-testid="search-branding">
                  Powered by weft
                </span>
              )}
            </footer>
          )}
        </div>
      )}
    </div>
  );
}
