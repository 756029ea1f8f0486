/**
 * @module editor/canvas/edge-view — a connection: its curve, styled by the last message that
 * crossed it (data or skip), and the tokens travelling along it. The curve is computed from the
 * nodes' positions as the connection renders, and again when either node moves. Tokens move
 * with a transform animation along the curve (token-path), which the compositor runs without the
 * main thread. A right click opens its menu (Add/Remove breakpoint, Delete); a breakpoint is a
 * red dot on the curve's middle, filled while the shown run is paused there.
 */
import { compareShallow, computed } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, type CSSProperties } from 'react';
import { classicConnectionPath } from 'rete-render-utils';
import type { CanvasStores } from './canvas-stores.ts';
import type { RunView, Token } from '../stores/run-view.ts';
import type { WeftConnection } from './schemes.ts';
import type { Point, SocketPositions } from './socket-positions.ts';
import { tokenKeyframes, type Bezier } from './token-path.ts';
import { useDomEvent } from './use-dom-event.ts';

/** how far the curve's control points reach, as Rete's classic connections draw it */
const CURVATURE = 0.3;
/** room around the curve for the hit stroke (14 px) and the selected stroke */
const PAD = 10;

/**
 * The curve from `from` to `to` and the box its SVG covers (canvas coordinates): the hull of its
 * control points, padded. An SVG as large as the canvas (as before) overlaps every node and every
 * travelling token, which the browser must then keep in layers of their own.
 */
function curve(from: Point, to: Point) {
  const reach = Math.max(Math.abs(from.y - to.y) / 2, Math.abs(to.x - from.x)) * CURVATURE;
  const bezier: Bezier = [from, { x: from.x + reach, y: from.y }, { x: to.x - reach, y: to.y }, to];
  const xs = bezier.map((p) => p.x);
  const left = Math.min(...xs) - PAD;
  const top = Math.min(from.y, to.y) - PAD;
  const box = { left, top, width: Math.max(...xs) + PAD - left, height: Math.max(from.y, to.y) + PAD - top };
  return { d: classicConnectionPath([from, to], CURVATURE), bezier, box, viewBox: `${box.left} ${box.top} ${box.width} ${box.height}` };
}

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
      return from && to ? curve(from, to) : null;
    }, [moves, start, end, data]);
    if (!path) return null;
    const selected = stores.selection.edge === data.id;
    const breakpoint = stores.hasBreakpoint(data.id);
    const paused = stores.stage.focused?.paused?.edgeId === data.id;
    const middle = breakpoint ? pointAt(path.bezier, 0.5) : null;
    return (
      <>
        <svg
          className="we"
          data-testid="edge"
          data-edge-id={data.id}
          data-kind={kind ?? 'idle'}
          data-breakpoint={breakpoint ? 'on' : undefined}
          data-paused={paused ? 'true' : undefined}
          style={path.box}
          viewBox={path.viewBox}
        >
          <path className="we-hit" d={path.d} ref={hit} />
          <path className={`we-path we-path--${kind ?? 'idle'}${selected ? ' is-selected' : ''}${paused ? ' is-paused' : ''}`} d={path.d} />
          {middle && <circle className={`we-breakpoint${paused ? ' is-paused' : ''}`} data-testid="breakpoint" cx={middle.x} cy={middle.y} r={6} />}
        </svg>
        {tokens.map(({ view, token }) => (
          <TokenView key={token.id} view={view} token={token} edgeId={data.id} bezier={path.bezier} />
        ))}
      </>
    );
  });
}

/** The point of a cubic Bézier at `t` (0…1). */
function pointAt([a, b, c, d]: Bezier, t: number): Point {
  const u = 1 - t;
  const at = (k: 'x' | 'y') => u * u * u * a[k] + 3 * u * u * t * b[k] + 3 * u * t * t * c[k] + t * t * t * d[k];
  return { x: at('x'), y: at('y') };
}

/** A token travelling along its edge (the curve it started on); it leaves its run view when it arrives. */
function TokenView({ view, token, edgeId, bezier }: { view: RunView; token: Token; edgeId: string; bezier: Bezier }) {
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const animation = element.current!.animate(tokenKeyframes(bezier), { duration: token.travelMs, easing: 'cubic-bezier(.4, 0, .3, 1)', fill: 'forwards' });
    animation.onfinish = () => view.removeToken(edgeId, token.id);
    return () => animation.cancel();
  }, []);
  return (
    <div
      ref={element}
      className={`we-token we-token--${token.kind}`}
      data-testid="token"
      data-kind={token.kind}
      data-edge-id={edgeId}
      style={{ '--run': token.color } as CSSProperties}
    />
  );
}
