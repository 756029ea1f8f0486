/**
 * @module editor/canvas/sticky-notes/notes-layer — the sticky notes drawn in the canvas's content
 * layer, so they follow zoom and pan like nodes, and behind every node and edge (a layer under
 * the others). A React root of its own: its events are the notes', handled before the canvas
 * sees them. Picking a node or the empty canvas unselects the note.
 */
import { observer } from 'mobx-react-lite';
import { createRoot } from 'react-dom/client';
import type { CanvasController } from '../canvas-controller.ts';
import { NoteView } from './note-view.tsx';
import type { StickyNotes } from './notes-store.ts';

const NotesLayer = observer(function NotesLayer({ canvas, notes }: { canvas: CanvasController; notes: StickyNotes }) {
  const zoom = () => canvas.area.area.transform.k;
  const onPick = () => {
    void canvas.stack.selector.unselectAll().then(() => canvas.syncSelection());
    canvas.stores.selection.selectEdge(null);
  };
  return notes.notes.map((note) => <NoteView key={note.id} note={note} notes={notes} zoom={zoom} onPick={onPick} />);
});

/** Draw `notes` on `canvas`, their changes undoable in its history; returns the clean-up. */
export function mountNotesLayer(canvas: CanvasController, notes: StickyNotes): () => void {
  const layer = document.createElement('div');
  layer.className = 'notes-layer';
  layer.dataset.testid = 'notes-layer';
  canvas.area.area.content.holder.prepend(layer);
  const root = createRoot(layer);
  root.render(<NotesLayer canvas={canvas} notes={notes} />);
  notes.recordInto((action) => {
    canvas.stack.history.add(action);
    canvas.stack.history.separate();
  });
  canvas.area.addPipe((context) => {
    if (context.type === 'nodepicked' || context.type === 'pointerdown') notes.select(null);
    return context;
  });
  return () => {
    notes.recordInto(() => {});
    // unmounted after the page's own clean-up, as the canvas's shared root is
    setTimeout(() => root.unmount());
    layer.remove();
  };
}
