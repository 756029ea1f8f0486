/**
 * @module editor/canvas/canvas-preset — what rete-react-plugin draws for a node and for a
 * connection: our views, nothing else (sockets are drawn inside their node; connection curves
 * are computed by the edge view itself, without the classic preset's per-connection chain of
 * socket-position events and asynchronous path requests).
 */
import type { ComponentType } from 'react';
import type { RenderEmit } from 'rete-react-plugin';
import type { AreaExtra, Schemes, WeftConnection, WeftNode } from './schemes.ts';
import type { Point } from './socket-positions.ts';

type Render = Extract<AreaExtra, { type: 'render' }>;

export function canvasPreset(
  NodeView: ComponentType<{ data: WeftNode; emit: RenderEmit<Schemes> }>,
  EdgeView: ComponentType<{ data: WeftConnection; start?: Point; end?: Point }>,
) {
  return {
    render(context: Render, plugin: { parentScope(): { emit(signal: unknown): Promise<unknown> } }) {
      const data = context.data;
      if (data.type === 'node') {
        const parent = plugin.parentScope();
        return <NodeView data={data.payload} emit={(signal) => void parent.emit(signal)} />;
      }
      if (data.type === 'connection') return <EdgeView data={data.payload} start={data.start} end={data.end} />;
      return null;
    },
  };
}
