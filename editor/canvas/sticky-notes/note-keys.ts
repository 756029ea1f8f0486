/**
 * @module editor/canvas/sticky-notes/note-keys — the notes' keys: Shift+S adds a note in the
 * middle of the view; Delete / Backspace deletes the selected note (and nothing else: it is
 * taken before the canvas's own Delete). Keys typed into a field stay with the field.
 */
import type { StickyNotes } from './notes-store.ts';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export function bindNoteKeys(notes: StickyNotes, addNote: () => void): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (typing(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (event.shiftKey && key === 's') {
      event.preventDefault();
      addNote();
    } else if ((key === 'delete' || key === 'backspace') && notes.selected) {
      event.preventDefault();
      event.stopImmediatePropagation();
      notes.remove(notes.selected);
    } else if (key === 'escape') notes.select(null);
  };
  // capture: before the canvas's keys (keyboard.ts), which would delete the selected nodes
  window.addEventListener('keydown', onKey, true);
  return () => window.removeEventListener('keydown', onKey, true);
}
