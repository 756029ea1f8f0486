/**
 * @module editor/panels/connect-palette — the node search that opens where a connection was
 * dropped on the empty canvas (canvas/connection-drop.ts): type to search (as the palette
 * does), arrows and Enter or a click to choose, Esc or a click elsewhere to cancel. Triggers
 * are not offered: nothing connects into them.
 */
import { observer } from 'mobx-react-lite';
import { useRef, useState, type CSSProperties } from 'react';
import { useDismiss } from './use-dismiss.ts';
import { addConnectedNode, type DropRequest } from '../canvas/connection-drop.ts';
import { Icon } from '../icons/icon.tsx';
import { colorOf } from '../stores/catalogue-store.ts';
import { searchNodes } from '../stores/palette-search.ts';
import type { Studio } from '../stores/studio.ts';

export const ConnectPalette = observer(function ConnectPalette({ studio }: { studio: Studio }) {
  const request = studio.connectionDrop.request;
  return request ? <ConnectSearch key={`${request.source}:${request.handle}:${request.left}:${request.top}`} studio={studio} request={request} /> : null;
});

const ConnectSearch = observer(function ConnectSearch({ studio, request }: { studio: Studio; request: DropRequest }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const holder = useRef<HTMLDivElement>(null);
  const { close } = studio.connectionDrop;
  const found = searchNodes(studio.catalogue.definitions.filter((d) => !d.isTrigger), query);

  useDismiss(holder, true, close);

  const choose = (type: string | undefined) => {
    close();
    if (type && studio.canvas) void addConnectedNode(studio.canvas, request, type);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, found.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter') choose(found[active]?.name);
    else return;
    event.preventDefault();
  };

  return (
    <div className="connect-palette" data-testid="connect-palette" ref={holder} style={{ left: request.left, top: request.top }}>
      <input
        className="palette-search"
        autoFocus
        placeholder="Add a connected node"
        aria-label="Search nodes to connect"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul role="listbox">
        {found.map((d, i) => (
          <li
            key={d.name}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'is-active' : ''}
            data-testid="connect-palette-item"
            data-node-type={d.name}
            title={d.description}
            ref={i === active ? (el) => el?.scrollIntoView({ block: 'nearest' }) : undefined}
            onMouseEnter={() => setActive(i)}
            onClick={() => choose(d.name)}
          >
            <span className="palette-icon" style={{ '--cat': colorOf(d) } as CSSProperties}><Icon name={d.icon} /></span>
            {d.label}
          </li>
        ))}
        {found.length === 0 && <li className="muted">No node matches “{query}”.</li>}
      </ul>
    </div>
  );
});
