/**
 * @module editor/canvas/socket-positions — where each socket sits within its node, computed
 * from the node's fixed layout (canvas.css) instead of measured in the DOM: measuring forced a
 * browser layout per socket, which made loading a large flow slow.
 */
import { BaseSocketPosition } from 'rete-render-utils';
import { HANDLE_TOP, ROW_HEIGHT, type Schemes, type WeftNode } from './schemes.ts';

type Side = 'input' | 'output';

/** The centre of a socket relative to the node's top-left corner. */
export function socketOffset(node: WeftNode, side: Side, key: string): { x: number; y: number } | null {
  if (side === 'input') return { x: 0, y: SOCKET_Y };
  const outputs = Object.entries(node.outputs).sort(([, a], [, b]) => (a?.index ?? 0) - (b?.index ?? 0)).map(([k]) => k);
  const index = outputs.indexOf(key);
  if (index < 0) return null;
  const labelled = outputs.length > 1 || outputs[0] !== 'out';
  return { x: node.width, y: labelled ? HANDLE_TOP + index * ROW_HEIGHT + ROW_HEIGHT / 2 : SOCKET_Y };
}

/** the single input and output sockets sit level with the node's title */
const SOCKET_Y = 35;

export class LayoutSocketPosition extends BaseSocketPosition<Schemes, unknown> {
  constructor(private readonly nodeOf: (id: string) => WeftNode | undefined) {
    super();
  }

  async calculatePosition(nodeId: string, side: Side, key: string): Promise<{ x: number; y: number } | null> {
    const node = this.nodeOf(nodeId);
    return node ? socketOffset(node, side, key) : null;
  }
}
