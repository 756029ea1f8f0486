/** @module editor/canvas/schemes — the Rete node and connection classes of the canvas. */
import { ClassicPreset, type GetSchemes } from 'rete';
import type { ReactArea2D } from 'rete-react-plugin';
import type { MinimapExtra } from 'rete-minimap-plugin';

export const socket = new ClassicPreset.Socket('flow');

/* These mirror canvas.css (.wn-head 48 px, .wn-status 24 px, 1 px borders, 26 px handle rows):
   socket positions are computed from them, not measured. */
export const NODE_WIDTH = 232;
export const HEAD_HEIGHT = 74;
export const ROW_HEIGHT = 26;
/** top of the first handle row: border, head, status, the rows' top border and padding */
export const HANDLE_TOP = 1 + 48 + 24 + 1 + 2;

/** A node on the canvas. Its id is the canvas id; the slug and values live in the config store. */
export class WeftNode extends ClassicPreset.Node {
  width = NODE_WIDTH;
  height = HEAD_HEIGHT;

  constructor(
    readonly type: string,
    id?: string,
  ) {
    super(type);
    if (id) this.id = id;
  }

  /** Make the output ports exactly `handles` (in order); input 'in' unless a trigger. */
  setPorts(handles: string[], hasInput: boolean): void {
    if (hasInput && !this.inputs.in) this.addInput('in', new ClassicPreset.Input(socket, 'in', true));
    if (!hasInput && this.inputs.in) this.removeInput('in');
    for (const key of Object.keys(this.outputs)) if (!handles.includes(key)) this.removeOutput(key);
    handles.forEach((handle, index) => {
      const output = this.outputs[handle] ?? new ClassicPreset.Output(socket, handle, true);
      output.index = index;
      if (!this.outputs[handle]) this.addOutput(handle, output);
    });
    const labelled = handles.length > 1 || (handles.length === 1 && handles[0] !== 'out');
    this.height = HEAD_HEIGHT + (labelled ? 3 + handles.length * ROW_HEIGHT + 2 : 0);
  }
}

export class WeftConnection extends ClassicPreset.Connection<WeftNode, WeftNode> {
  constructor(source: WeftNode, sourceOutput: string, target: WeftNode, id?: string) {
    super(source, sourceOutput, target, 'in');
    if (id) this.id = id;
  }
}

export type Schemes = GetSchemes<WeftNode, WeftConnection>;
export type AreaExtra = ReactArea2D<Schemes> | MinimapExtra;

let counter = 0;
/** A fresh edge id; edge ids are what run events name, so they are kept in the flow document. */
export function newEdgeId(): string {
  counter = (counter + 1) % 1e6;
  return `e_${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}
