/**
 * @module editor/canvas/keyboard — the canvas's shortcuts: Delete, Ctrl+C / Ctrl+V, Ctrl+Z /
 * Ctrl+Shift+Z (or Ctrl+Y), Ctrl+A, Ctrl+S (save now), F (fit), Shift+A (arrange); the help
 * list also names Ctrl+click, Shift+drag (box-select.ts), Shift+S (sticky-notes/note-keys.ts) and the right click (context-menu.tsx). Keys typed into a field stay with the field.
 */
import type { CanvasCommands } from './canvas-commands.ts';
import type { CanvasController } from './canvas-controller.ts';

export const shortcuts: [string, string][] = [
  ['Delete / Backspace', 'delete the selection'],
  ['Ctrl+C / Ctrl+V', 'copy / paste nodes'],
  ['Ctrl+Z / Ctrl+Shift+Z', 'undo / redo'],
  ['Ctrl+A / Esc', 'select all nodes / none'],
  ['Ctrl+click / Shift+drag', 'add nodes to the selection / select with a box'],
  ['Right click', "a node's or an edge's menu (duplicate, disable, pin, docs, delete)"],
  ['Ctrl+S', 'save now'],
  ['F', 'zoom to fit'],
  ['Shift+A', 'auto-arrange'],
  ['Shift+S', 'add a sticky note (double-click it to write markdown)'],
];

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export function bindKeyboard(canvas: CanvasController, commands: CanvasCommands, save: () => void): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (typing(event.target)) return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    const run = (action: () => unknown) => {
      event.preventDefault();
      void action();
    };
    if (key === 'delete' || key === 'backspace') run(() => canvas.deleteSelection());
    else if (mod && key === 'c') run(() => commands.copy());
    // no preventDefault: the browser's paste event must still fire (an n8n workflow pasted from outside)
    else if (mod && key === 'v') commands.pasteSoon();
    else if (mod && key === 'z' && event.shiftKey) run(() => commands.redo());
    else if (mod && key === 'z') run(() => commands.undo());
    else if (mod && key === 'y') run(() => commands.redo());
    else if (mod && key === 'a') run(() => commands.selectAll());
    else if (mod && key === 's') run(save);
    else if (!mod && key === 'f') run(() => commands.fit());
    else if (!mod && event.shiftKey && key === 'a') run(() => commands.arrange());
    else if (key === 'escape') run(() => commands.selectNone());
  };
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
}
