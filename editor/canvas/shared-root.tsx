/**
 * @module editor/canvas/shared-root — one React root for everything Rete draws on a canvas.
 * rete-react-plugin gives every node, connection and minimap a React root of its own and renders
 * each synchronously as it is added (`createRoot` + `flushSync` per element): loading 300 nodes
 * made 600 roots and as many commits, most of the load time. Handed to the plugin as its
 * `createRoot`, this makes each of those "roots" a portal of one shared root: mounting records
 * what to draw, and React draws everything recorded in one render (or at once on `flush()`).
 *
 * React listens for every event type (~150 listeners) on each portal's container: 88,000
 * listeners for a 300-node flow, time to add while loading and 3.4 MB of the 17.7 MB a loaded
 * flow kept. Containers for which `eventless` says so are marked as already listened to; what is
 * drawn in them takes its events from the DOM (use-dom-event). Should React rename its mark,
 * it simply listens there again.
 */
import { useLayoutEffect, useReducer, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

interface Portal {
  key: string;
  children: ReactNode;
}

export class SharedRoot {
  private readonly portals = new Map<Element | DocumentFragment, Portal>();
  private readonly root: Root;
  private redraw: (() => void) | null = null;
  private pending = false;
  private keys = 0;
  /** the property React sets on a container it listens on (it listens on the host) */
  private readonly listened: string | undefined;

  constructor(
    host: HTMLElement,
    private readonly eventless: (container: Element | DocumentFragment) => boolean,
    /** while true (a flow loading), nothing is drawn until `flush()` */
    private readonly holding: () => boolean = () => false,
  ) {
    this.root = createRoot(host);
    flushSync(() => this.root.render(<Portals shared={this} />));
    this.listened = Object.keys(host).find((key) => key.startsWith('_reactListening'));
  }

  /** rete-react-plugin's `createRoot`: a root that is a portal of this one. */
  readonly createRoot = (container: Element | DocumentFragment) => {
    if (this.listened && this.eventless(container)) Object.assign(container, { [this.listened]: true });
    return {
      render: (children: ReactNode) => {
        const key = this.portals.get(container)?.key ?? `p${++this.keys}`;
        this.portals.set(container, { key, children });
        this.schedule();
      },
      unmount: () => {
        if (this.portals.delete(container)) this.schedule();
      },
    };
  };

  /** Draw whatever was mounted or unmounted since the last render, now. */
  flush(): void {
    this.pending = false;
    flushSync(() => this.redraw?.());
  }

  /** Called from the page's effect clean-up, inside React's commit: the root goes after it. */
  destroy(): void {
    this.portals.clear();
    this.redraw = null;
    setTimeout(() => this.root.unmount());
  }

  /** @internal what the host component draws */
  entries(): [Element | DocumentFragment, Portal][] {
    return [...this.portals];
  }

  /** @internal the host component's way to draw again */
  setRedraw(redraw: (() => void) | null): void {
    this.redraw = redraw;
  }

  private schedule(): void {
    if (this.pending) return;
    this.pending = true;
    // loading awaits Rete once per node: a render per microtask checkpoint drew the whole
    // canvas again for every node added (300 renders of up to 600 portals for 300 nodes)
    if (this.holding()) return;
    // The plugin mounts inside flushSync; an update queued from a microtask is outside it, so
    // React batches every mount of this turn into one render instead of one commit each.
    queueMicrotask(() => {
      if (!this.pending) return;
      this.pending = false;
      this.redraw?.();
    });
  }
}

function Portals({ shared }: { shared: SharedRoot }) {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => {
    shared.setRedraw(redraw);
    return () => shared.setRedraw(null);
  }, [shared]);
  return shared.entries().map(([container, { key, children }]) => createPortal(children, container, key));
}
