/**
 * @module editor/canvas/connection-drop — a connection dragged from an output port and dropped
 * on the empty canvas asks which node to add there (panels/connect-palette.tsx); the node chosen
 * is added at that point and the dragged port connected to its input (a node has one, 'in').
 * A connection pulled off an input and dropped is a removal, and asks nothing.
 */
import { makeAutoObservable } from 'mobx';
import type { CanvasController } from './canvas-controller.ts';
import { newEdgeId, WeftConnection } from './schemes.ts';

export interface DropRequest {
  /** where the search opens, in pixels from the canvas's top left corner */
  left: number;
  top: number;
  /** the drop point in canvas coordinates: the new node's input socket goes there */
  at: { x: number; y: number };
  /** the canvas id of the node dragged from, and its output port */
  source: string;
  handle: string;
}

/** the input socket's centre below a node's top (canvas.css: .wn-in at 26 px, 16 px high) */
const INPUT_SOCKET_Y = 34;
/** room the search takes, so it opens inside the canvas */
const SEARCH_BOX = { width: 270, height: 320 };

export class ConnectionDrop {
  request: DropRequest | null = null;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  open(request: DropRequest): void {
    this.request = request;
  }

  close(): void {
    this.request = null;
  }
}

/** Add a node of `type` where the connection was dropped and connect the dragged port to it: one undo step. */
export function addConnectedNode(canvas: CanvasController, request: DropRequest, type: string): Promise<string | null> {
  return canvas.addNode(type, { x: request.at.x, y: request.at.y - INPUT_SOCKET_Y }, async (id) => {
    const source = canvas.editor.getNode(request.source);
    const target = canvas.editor.getNode(id);
    if (!source?.outputs[request.handle] || !target?.inputs.in) return;
    // refused connections (connection-rules.ts) are said in a toast by the canvas's own check
    await canvas.editor.addConnection(new WeftConnection(source, request.handle, target, newEdgeId()));
  });
}

/** Open `drop` when a drag from an output ends on the empty canvas; returns the clean-up. */
export function bindConnectionDrop(canvas: CanvasController, drop: ConnectionDrop): () => void {
  let fromInput = false;
  let last = { x: 0, y: 0 };
  const onDown = (event: PointerEvent) => {
    fromInput = !!(event.target as Element | null)?.closest?.('.wn-in');
  };
  const onUp = (event: PointerEvent) => {
    last = { x: event.clientX, y: event.clientY };
  };
  // capture: seen before the canvas handles (and stops) them
  window.addEventListener('pointerdown', onDown, true);
  window.addEventListener('pointerup', onUp, true);
  canvas.stack.connection.addPipe((context) => {
    if (context.type !== 'connectiondrop') return context;
    const { initial, socket, created } = context.data;
    if (socket || created || initial.side !== 'output' || fromInput || !onEmptyCanvas(canvas, last)) return context;
    const box = canvas.container.getBoundingClientRect();
    const left = Math.max(8, Math.min(last.x - box.left, box.width - SEARCH_BOX.width));
    const top = Math.max(8, Math.min(last.y - box.top, box.height - SEARCH_BOX.height));
    drop.open({ left, top, at: canvas.pointFrom({ clientX: last.x, clientY: last.y }), source: initial.nodeId, handle: initial.key });
    return context;
  });
  return () => {
    window.removeEventListener('pointerdown', onDown, true);
    window.removeEventListener('pointerup', onUp, true);
    drop.close();
  };
}

/** On the canvas and on no node (a sticky note is background). */
function onEmptyCanvas(canvas: CanvasController, point: { x: number; y: number }): boolean {
  const hits = document.elementsFromPoint(point.x, point.y);
  return !!hits[0] && canvas.container.contains(hits[0]) && !hits.some((el) => el.closest('[data-testid="node"]'));
}
