/**
 * @module editor/canvas/sticky-notes/note-view — one sticky note: its markdown (rendered by the
 * widgets' safe renderer: text only ever becomes text), dragged by its body, resized by its
 * corner, typed into after a double-click; when selected, its colours and a delete button.
 * Its events stop at the note so the canvas neither pans nor zooms under it.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { StickyNote } from '../../../contract/flow-document.ts';
import { STICKY_NOTE_COLORS, STICKY_NOTE_LIMITS } from '../../../contract/sticky-notes.ts';
import { Markdown } from '../../../widgets/shared/markdown-view.tsx';
import { Icon } from '../../icons/icon.tsx';
import { boundedSize, type StickyNotes } from './notes-store.ts';

export interface NoteViewProps {
  note: StickyNote;
  notes: StickyNotes;
  /** the canvas's zoom: pointer pixels over it are canvas units */
  zoom: () => number;
  /** the note was picked: the nodes and edge selected before are not what Delete removes now */
  onPick: () => void;
}

const plain = (note: StickyNote): StickyNote => JSON.parse(JSON.stringify(note)) as StickyNote;

export const NoteView = observer(function NoteView({ note, notes, zoom, onPick }: NoteViewProps) {
  const selected = notes.selected === note.id;
  const editing = notes.editing === note.id;
  const color = note.color ?? STICKY_NOTE_COLORS[0];

  const press = (event: ReactPointerEvent, kind: 'move' | 'resize') => {
    event.stopPropagation();
    if (event.button !== 0) return;
    if (!selected) {
      onPick();
      notes.select(note.id);
    }
    // inside the text being typed, or on a button, the pointer does what it does there
    if ((editing && kind === 'move') || (event.target as HTMLElement).closest('button, textarea')) return;
    event.preventDefault();
    const before = plain(note);
    const start = { x: event.clientX, y: event.clientY };
    const k = zoom();
    const move = (e: PointerEvent) => {
      const dx = (e.clientX - start.x) / k;
      const dy = (e.clientY - start.y) / k;
      if (kind === 'move') notes.drag(note.id, { position: { x: before.position.x + dx, y: before.position.y + dy } });
      else notes.drag(note.id, { size: boundedSize({ width: before.size.width + dx, height: before.size.height + dy }) });
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      notes.settle(note.id, before);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  return (
    <div
      className={`sticky-note sticky-note--${color}${selected ? ' is-selected' : ''}`}
      style={{ transform: `translate(${note.position.x}px, ${note.position.y}px)`, width: note.size.width, height: note.size.height }}
      data-testid="sticky-note"
      data-note-id={note.id}
      onPointerDown={(e) => press(e, 'move')}
      onDoubleClick={(e) => {
        e.stopPropagation();
        notes.edit(note.id);
      }}
    >
      {selected && !editing && <NoteTools note={note} notes={notes} />}
      {editing ? (
        <NoteEditor note={note} notes={notes} />
      ) : (
        <div className="sticky-note-body" data-testid="note-body">
          {note.text.trim() ? <Markdown text={note.text} /> : <span className="sticky-note-hint">Double-click to write (markdown)</span>}
        </div>
      )}
      <div className="sticky-note-resize" data-testid="note-resize" title="Resize" onPointerDown={(e) => press(e, 'resize')} />
    </div>
  );
});

function NoteEditor({ note, notes }: { note: StickyNote; notes: StickyNotes }) {
  const [text, setText] = useState(note.text);
  const typed = useRef(text);
  typed.current = text;
  // A click elsewhere on the canvas closes the editor, which may go before it ever blurs: what
  // was typed is kept when the editor goes, however it goes.
  useEffect(
    () => () => {
      const stored = notes.get(note.id);
      if (stored && stored.text !== typed.current) notes.change(note.id, { text: typed.current });
    },
    [note.id, notes],
  );
  return (
    <textarea
      className="sticky-note-editor"
      data-testid="note-editor"
      aria-label="Note text (markdown)"
      autoFocus
      maxLength={STICKY_NOTE_LIMITS.text}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => notes.edit(null)}
      onKeyDown={(e) => e.key === 'Escape' && (e.target as HTMLTextAreaElement).blur()}
    />
  );
}

function NoteTools({ note, notes }: { note: StickyNote; notes: StickyNotes }) {
  return (
    <div className="sticky-note-tools" data-testid="note-tools">
      {STICKY_NOTE_COLORS.map((c) => (
        <button
          key={c}
          className={`sticky-note-swatch sticky-note--${c}${(note.color ?? STICKY_NOTE_COLORS[0]) === c ? ' is-current' : ''}`}
          data-testid={`note-color-${c}`}
          title={c}
          aria-label={`Colour ${c}`}
          onClick={() => notes.change(note.id, { color: c })}
        />
      ))}
      <button className="sticky-note-delete" data-testid="note-delete" title="Delete note (Del)" aria-label="Delete note" onClick={() => notes.remove(note.id)}>
        <Icon name="trash" />
      </button>
    </div>
  );
}
