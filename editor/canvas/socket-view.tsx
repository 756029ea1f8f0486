/**
 * @module editor/canvas/socket-view — a connection point: a small ring the builder drags from or
 * to. Drawn inside its node rather than as a Rete render of its own (a React root per socket,
 * rendered again with every change of its node), and announced to Rete once, already filled,
 * so the connection plugin finds it under the pointer.
 */
import { useEffect, useRef } from 'react';
import type { RenderEmit } from 'rete-react-plugin';
import { socket, type Schemes } from './schemes.ts';

export function SocketView(props: { nodeId: string; side: 'input' | 'output'; socketKey: string; emit: RenderEmit<Schemes> }) {
  const { nodeId, side, socketKey, emit } = props;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current!;
    emit({ type: 'render', data: { type: 'socket', element, filled: true, nodeId, side, key: socketKey, payload: socket } });
    return () => emit({ type: 'unmount', data: { element } });
  }, [nodeId, side, socketKey, emit]);
  return <div ref={ref} className="ws" data-testid="socket" />;
}
