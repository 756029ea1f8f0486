/**
 * @module editor/canvas/edge-view — a connection: its curve, styled by the last message that
 * crossed it (data or skip), and the tokens travelling along it. Tokens move with a CSS
 * offset-path animation, which the compositor runs without the main thread.
 */
import { compareShallow, compareStructural, computed } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useMemo, type CSSProperties } from 'react';
import { Presets } from 'rete-react-plugin';
import type { CanvasStores } from './canvas-stores.ts';
import type { WeftConnection } from './schemes.ts';

export function makeEdgeView(stores: CanvasStores) {
  return observer(function EdgeView({ data }: { data: WeftConnection }) {
    const { path } = Presets.classic.useConnection();
    // computed boxes: a new run re-renders only the edges whose kind or tokens differ
    const kindBox = useMemo(() => computed(() => stores.stage.edgeKind(data.id)), [data.id]);
    const tokensBox = useMemo(() => computed(() => stores.stage.tokens(data.id), { equals: (a, b) => compareShallow(a.map((t) => t.token), b.map((t) => t.token)) }), [data.id]);
    const kind = kindBox.get();
    const tokens = tokensBox.get();
    if (!path) return null;
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
