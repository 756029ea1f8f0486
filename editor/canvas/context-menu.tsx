/**
 * @module editor/canvas/context-menu — a right-click menu for anything on the canvas (nodes,
 * edges, notes): whoever opens it hands a list of items; the menu knows none of them. It opens
 * at the pointer (kept inside the window), focuses its first item, moves with ↑ ↓ (Home, End),
 * runs an item with Enter or a click, and closes on Esc, Tab, a click outside, a scroll of the
 * canvas or the window losing focus.
 */
import { action, makeObservable, observableRef } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Icon } from '../icons/icon.tsx';
import type { IconName } from '../icons/icon-paths.ts';

export interface MenuItem {
  label: string;
  /** run when chosen; the menu has closed by then */
  onSelect(): void;
  icon?: IconName;
  /** greyed out and not chosen; `hint` then says why */
  disabled?: boolean;
  /** shown as the item's tooltip (why it is disabled, or what it does) */
  hint?: string;
  /** a destructive action (Delete): drawn in the danger colour */
  danger?: boolean;
  /** a line above this item */
  separated?: boolean;
}

export interface MenuAt {
  x: number;
  y: number;
}

/** The one open menu of a canvas, if any. */
export class ContextMenuStore {
  open: { at: MenuAt; items: MenuItem[]; label: string } | null = null;

  constructor() {
    makeObservable(this, { open: observableRef, show: action, close: action });
  }

  /** Open `items` at `at` (client coordinates); `label` names the menu for assistive technology. */
  show(at: MenuAt, items: MenuItem[], label = 'Actions'): void {
    this.open = { at, items, label };
  }

  close(): void {
    this.open = null;
  }
}

const MARGIN = 8;

/** Keep a box of this size at `at` inside the window. */
function placed(at: MenuAt, width: number, height: number): MenuAt {
  return {
    x: Math.max(MARGIN, Math.min(at.x, window.innerWidth - width - MARGIN)),
    y: Math.max(MARGIN, Math.min(at.y, window.innerHeight - height - MARGIN)),
  };
}

export const ContextMenu = observer(function ContextMenu({ store }: { store: ContextMenuStore }) {
  const open = store.open;
  if (!open) return null;
  // a new key per opening: focus and placement start afresh
  return <OpenMenu key={`${open.at.x},${open.at.y},${open.items.length}`} store={store} {...open} />;
});

function OpenMenu({ store, at, items, label }: { store: ContextMenuStore; at: MenuAt; items: MenuItem[]; label: string }) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState(at);
  const buttons = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];

  useLayoutEffect(() => {
    const box = menu.current!.getBoundingClientRect();
    setPosition(placed(at, box.width, box.height));
    buttons()[0]?.focus();
  }, [at]);

  useEffect(() => {
    const close = () => store.close();
    // capture, and stopped here: the canvas's own keys (Esc unselects, Delete deletes) wait until the menu is gone
    const onKey = (event: KeyboardEvent) => {
      const list = buttons();
      const at = list.indexOf(document.activeElement as HTMLButtonElement);
      const move = (to: number) => list[(to + list.length) % list.length]?.focus();
      const keys: Record<string, () => void> = {
        Escape: close,
        Tab: close,
        ArrowDown: () => move(at + 1),
        ArrowUp: () => move(at < 0 ? -1 : at - 1),
        Home: () => move(0),
        End: () => move(-1),
      };
      const handle = keys[event.key];
      if (handle) {
        event.preventDefault();
        event.stopPropagation();
        handle();
      } else if (event.key !== 'Enter' && event.key !== ' ') {
        // any other key belongs to the canvas again: the menu goes
        close();
      }
    };
    // capture: the canvas stops pointer events it handles from bubbling
    const onPointer = (event: PointerEvent) => !menu.current?.contains(event.target as Node) && close();
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('wheel', close, true);
    window.addEventListener('blur', close);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('wheel', close, true);
      window.removeEventListener('blur', close);
      window.removeEventListener('resize', close);
    };
  }, [store]);

  const choose = (item: MenuItem) => {
    store.close();
    item.onSelect();
  };

  return (
    <div
      ref={menu}
      className="context-menu"
      role="menu"
      aria-label={label}
      data-testid="context-menu"
      style={{ left: position.x, top: position.y }}
      onContextMenu={(event) => event.preventDefault()}
      // the area listens on the window: a click here is not a click on the canvas (which unselects)
      onPointerDown={(event) => event.stopPropagation()}
      onPointerUp={(event) => event.stopPropagation()}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          className={`context-menu-item${item.danger ? ' is-danger' : ''}${item.separated ? ' is-separated' : ''}`}
          disabled={item.disabled}
          title={item.hint}
          onClick={() => choose(item)}
        >
          {item.icon ? <Icon name={item.icon} /> : <span className="context-menu-gap" />}
          <span className="context-menu-label">
            {item.label}
            {item.disabled && item.hint && <small>{item.hint}</small>}
          </span>
        </button>
      ))}
    </div>
  );
}
