/**
 * @module editor/canvas/edge-view — a connection: its curve, styled by the last message that
 * crossed it (data or skip), and the tokens travelling along it. The curve is computed from the
 * nodes' positions as the connection renders, and again when either node moves. Tokens move
 * with a CSS offset-path animation, which the compositor runs without the main thread. A right
 * click opens its menu (Delete).
 */
import { compareShallow, computed } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useReducer, useRef, type CSSProperties } from 'react';
import { classicConnectionPath } from 'rete-render-utils';
import type { CanvasStores } from './canvas-stores.ts';
import type { RunView, Token } from '../stores/run-view.ts';
import type { WeftConnection } from './schemes.ts';
import type { Point, SocketPositions } from './socket-positions.ts';
import { useDomEvent } from './use-dom-event.ts';

/** how far the curve's control points reach, as Rete's classic connections draw it */
const CURVATURE = 0.3;

export function makeEdgeView(stores: CanvasStores, sockets: SocketPositions) {
  /** `start` or `end` is given while the builder drags a new connection (the pointer's end) */
  return observer(function EdgeView({ data, start, end }: { data: WeftConnection; start?: Point; end?: Point }) {
    const [moves, moved] = useReducer((n: number) => n + 1, 0);
    const hit = useRef<SVGPathElement>(null);
    useDomEvent(hit, 'pointerdown', (event) => {
      // a click on the edge selects it; it must not start panning the canvas
      event.stopPropagation();
      if (event.button === 0) stores.onEdgeClick(data.id);
    });
    useDomEvent(hit, 'contextmenu', (event) => {
      event.preventDefault();
      event.stopPropagation();
      stores.onEdgeMenu(data.id, { x: event.clientX, y: event.clientY });
    });
    useEffect(() => {
      const stops = [sockets.watch(data.source, moved), sockets.watch(data.target, moved)];
      return () => stops.forEach((stop) => stop());
    }, [data.source, data.target]);
    // computed boxes: a new run re-renders only the edges whose kind or tokens differ
    const kindBox = useMemo(() => computed(() => stores.stage.edgeKind(data.id)), [data.id]);
    const tokensBox = useMemo(() => computed(() => stores.stage.tokens(data.id), { equals: (a, b) => compareShallow(a.map((t) => t.token), b.map((t) => t.token)) }), [data.id]);
    const kind = kindBox.get();
    const tokens = tokensBox.get();
    // computed again only when a node moved (or the dragged end did), not for every token
    const path = useMemo(() => {
      const from = start ?? sockets.at(data.source, 'output', data.sourceOutput);
      const to = end ?? sockets.at(data.target, 'input', data.targetInput);
      return from && to ? classicConnectionPath([from, to], CURVATURE) : null;
    }, [moves, start, end, data]);
    if (!path) return null;
    const selected = stores.selection.edge === data.id;
    return (
      <>
        <svg className="we" data-testid="edge" data-edge-id={data.id} data-kind={kind ?? 'idle'}>
          <path className="we-hit" d={path} ref={hit} />
          <path className={`we-path we-path--${kind ?? 'idle'}${selected ? ' is-selected' : ''}`} d={path} />
        </svg>
        {tokens.map(({ view, token }) => (
          <TokenView key={token.id} view={view} token={token} edgeId={data.id} path={path} />
        ))}
      </>
    );
  });
}

/** A token travelling along its edge; it leaves its run view when it arrives. */
function TokenView({ view, token, edgeId, path }: { view: RunView; token: Token; edgeId: string; path: string }) {
  const element = useRef<HTMLDivElement>(null);
  useDomEvent(element, 'animationend', () => view.removeToken(edgeId, token.id));
  return (
    <div
      ref={element}
      className={`we-token we-token--${token.kind}`}
      data-testid="token"
      data-kind={token.kind}
      data-edge-id={edgeId}
      style={{ offsetPath: `path('${path}')`, '--run': token.color, animationDuration: `${token.travelMs}ms` } as CSSProperties}
    />
  );
}
