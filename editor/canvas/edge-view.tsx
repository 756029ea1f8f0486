/**
 * @module editor/canvas/edge-view — a connection: its curve, styled by the last message that
 * crossed it (data or skip), and the tokens travelling along it. The curve is computed from the
 * nodes' positions as the connection renders, and again when either node moves. Tokens move
 * with a CSS offset-path animation, which the compositor runs without the main thread.
 */
import { compareShallow, computed } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useReducer, type CSSProperties } from 'react';
import { classicConnectionPath } from 'rete-render-utils';
import type { CanvasStores } from './canvas-stores.ts';
import type { WeftConnection } from './schemes.ts';
import type { Point, SocketPositions } from './socket-positions.ts';

/** how far the curve's control points reach, as Rete's classic connections draw it */
const CURVATURE = 0.3;

export function makeEdgeView(stores: CanvasStores, sockets: SocketPositions) {
  /** `start` or `end` is given while the builder drags a new connection (the pointer's end) */
  return observer(function EdgeView({ data, start, end }: { data: WeftConnection; start?: Point; end?: Point }) {
    const [, moved] = useReducer((n: number) => n + 1, 0);
    useEffect(() => {
      const stops = [sockets.watch(data.source, moved), sockets.watch(data.target, moved)];
      return () => stops.forEach((stop) => stop());
    }, [data.source, data.target]);
    // computed boxes: a new run re-renders only the edges whose kind or tokens differ
    const kindBox = useMemo(() => computed(() => stores.stage.edgeKind(data.id)), [data.id]);
    const tokensBox = useMemo(() => computed(() => stores.stage.tokens(data.id), { equals: (a, b) => compareShallow(a.map((t) => t.token), b.map((t) => t.token)) }), [data.id]);
    const kind = kindBox.get();
    const tokens = tokensBox.get();
    const from = start ?? sockets.at(data.source, 'output', data.sourceOutput);
    const to = end ?? sockets.at(data.target, 'input', data.targetInput);
    if (!from || !to) return null;
    const path = classicConnectionPath([from, to], CURVATURE);
    const selected = stores.selection.edge === data.id;
    return (
      <>
        <svg className="we" data-testid="edge" data-edge-id={data.id} data-kind={kind ?? 'idle'}>
          <path className="we-hit" d={path} onPointerDown={(e) => { e.stopPropagation(); stores.onEdgeClick(data.id); }} />
          <path className={`we-path we-path--${kind ?? 'idle'}${selected ? ' is-selected' : ''}`} d={path} />
        </svg>
        {tokens.map(({ view, token }) => (
          <div
            key={token.id}
            className={`we-token we-token--${token.kind}`}
            data-testid="token"
            data-kind={token.kind}
            data-edge-id={data.id}
            style={{ offsetPath: `path('${path}')`, '--run': token.color } as CSSProperties}
            onAnimationEnd={() => view.removeToken(data.id, token.id)}
          />
        ))}
      </>
    );
  });
}
