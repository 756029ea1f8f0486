/**
 * @module editor/canvas/socket-positions — where each socket sits, computed from the node's fixed
 * layout (canvas.css) instead of measured in the DOM (measuring forced a browser layout per
 * socket, which made loading a large flow slow), and which connections to redraw when a node
 * moves or changes size.
 */
import type { NodeEditor } from 'rete';
import type { AreaPlugin } from 'rete-area-plugin';
import { HANDLE_TOP, ROW_HEIGHT, type AreaExtra, type Schemes, type WeftNode } from './schemes.ts';

type Side = 'input' | 'output';
export type Point = { x: number; y: number };

/** the single input and output sockets sit level with the node's title */
const SOCKET_Y = 35;

/** The centre of a socket relative to the node's top-left corner. */
export function socketOffset(node: WeftNode, side: Side, key: string): Point | null {
  if (side === 'input') return { x: 0, y: SOCKET_Y };
  const outputs = Object.entries(node.outputs).sort(([, a], [, b]) => (a?.index ?? 0) - (b?.index ?? 0)).map(([k]) => k);
  const index = outputs.indexOf(key);
  if (index < 0) return null;
  const labelled = outputs.length > 1 || outputs[0] !== 'out';
  return { x: node.width, y: labelled ? HANDLE_TOP + index * ROW_HEIGHT + ROW_HEIGHT / 2 : SOCKET_Y };
}

export class SocketPositions {
  private readonly watchers = new Map<string, Set<() => void>>();

  constructor(
    private readonly editor: NodeEditor<Schemes>,
    private readonly area: AreaPlugin<Schemes, AreaExtra>,
  ) {
    area.addPipe((context) => {
      if (context.type === 'nodetranslated' || context.type === 'noderesized') this.watchers.get(context.data.id)?.forEach((moved) => moved());
      return context;
    });
  }

  /** A socket's centre in canvas coordinates; null when its node or port is not on the canvas. */
  at(nodeId: string, side: Side, key: string): Point | null {
    const node = this.editor.getNode(nodeId);
    const view = this.area.nodeViews.get(nodeId);
    const offset = node && view ? socketOffset(node, side, key) : null;
    return offset && view ? { x: view.position.x + offset.x, y: view.position.y + offset.y } : null;
  }

  /** Call `moved` whenever the node moves or changes size, until the returned function is called. */
  watch(nodeId: string, moved: () => void): () => void {
    const set = this.watchers.get(nodeId) ?? new Set();
    this.watchers.set(nodeId, set.add(moved));
    return () => {
      set.delete(moved);
      if (!set.size) this.watchers.delete(nodeId);
    };
  }
}
