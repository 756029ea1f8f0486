/**
 * @module editor/canvas/sticky-notes/notes-store — the flow's sticky notes as the canvas shows
 * them: a list, which one is selected and which one is being typed into. Every finished change
 * (add, move, resize, text, colour, delete) is one undo step in the canvas's history; a drag
 * moves the note live and records one step when it ends.
 */
import { makeAutoObservable } from 'mobx';
import type { HistoryAction } from 'rete-history-plugin';
import type { StickyNote } from '../../../contract/flow-document.ts';
import { STICKY_NOTE_LIMITS as LIMITS } from '../../../contract/sticky-notes.ts';

export const NEW_NOTE_SIZE = { width: 240, height: 160 };

/** One note going from one state to another; null is "not there" (added or deleted). */
class NoteChange implements HistoryAction {
  constructor(
    private readonly id: string,
    private readonly before: StickyNote | null,
    private readonly after: StickyNote | null,
    private readonly put: (id: string, note: StickyNote | null) => void,
  ) {}

  undo(): void {
    this.put(this.id, this.before);
  }

  redo(): void {
    this.put(this.id, this.after);
  }
}

/** a plain copy (MobX's proxies cannot be structured-cloned) */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const clamp = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));

/** A size within what the server takes. */
export function boundedSize(size: { width: number; height: number }): StickyNote['size'] {
  return { width: clamp(size.width, LIMITS.minWidth, LIMITS.maxWidth), height: clamp(size.height, LIMITS.minHeight, LIMITS.maxHeight) };
}

export class StickyNotes {
  notes: StickyNote[] = [];
  selected: string | null = null;
  editing: string | null = null;
  /** bumped by every change the flow should save */
  revision = 0;
  private record: (action: HistoryAction) => void = () => {};

  constructor() {
    makeAutoObservable<this, 'record'>(this, { record: false }, { autoBind: true });
  }

  /** Where finished changes go as undo steps (the canvas's history). */
  recordInto(record: (action: HistoryAction) => void): void {
    this.record = record;
  }

  /** Replace every note (a flow loaded); nothing to undo. */
  load(notes: readonly StickyNote[]): void {
    this.notes = notes.map((note) => copy(note));
    this.selected = null;
    this.editing = null;
  }

  serialize(): StickyNote[] {
    return this.notes.map((note) => copy({ ...note, position: { x: Math.round(note.position.x), y: Math.round(note.position.y) } }));
  }

  get(id: string): StickyNote | undefined {
    return this.notes.find((note) => note.id === id);
  }

  /** Add an empty note centred on `at` (canvas coordinates), selected and open for typing; null when the flow has as many as it may. */
  add(at: { x: number; y: number }): string | null {
    if (this.notes.length >= LIMITS.notes) return null;
    const id = `note_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const note: StickyNote = { id, position: { x: Math.round(at.x - NEW_NOTE_SIZE.width / 2), y: Math.round(at.y - NEW_NOTE_SIZE.height / 2) }, size: { ...NEW_NOTE_SIZE }, text: '' };
    this.commit(id, null, note);
    this.selected = id;
    this.editing = id;
    return id;
  }

  /** Change a note as one undo step. */
  change(id: string, patch: Partial<Omit<StickyNote, 'id'>>): void {
    const before = this.get(id);
    if (!before) return;
    this.commit(id, copy(before), { ...copy(before), ...copy(patch) });
  }

  /** Move or resize a note while the pointer drags it: shown, saved, not yet an undo step (see settle). */
  drag(id: string, patch: Pick<Partial<StickyNote>, 'position' | 'size'>): void {
    const note = this.get(id);
    if (!note) return;
    Object.assign(note, patch);
    this.revision++;
  }

  /** A drag ended: one undo step from where it started. */
  settle(id: string, before: StickyNote): void {
    const after = this.get(id);
    if (after && JSON.stringify(after) !== JSON.stringify(before)) this.record(new NoteChange(id, before, copy(after), this.put));
  }

  remove(id: string): void {
    const before = this.get(id);
    if (before) this.commit(id, copy(before), null);
  }

  select(id: string | null): void {
    this.selected = id;
    if (this.editing !== id) this.editing = null;
  }

  edit(id: string | null): void {
    this.editing = id;
    if (id) this.selected = id;
  }

  private commit(id: string, before: StickyNote | null, after: StickyNote | null): void {
    this.put(id, after);
    this.record(new NoteChange(id, before, after && copy(after), this.put));
  }

  /** Put a note in the state given (null: gone); one that comes back goes on top of the others. */
  private put(id: string, note: StickyNote | null): void {
    const index = this.notes.findIndex((n) => n.id === id);
    if (note && index >= 0) this.notes[index] = copy(note);
    else if (note) this.notes.push(copy(note));
    else if (index >= 0) this.notes.splice(index, 1);
    if (!note && this.selected === id) this.selected = null;
    if (!note && this.editing === id) this.editing = null;
    this.revision++;
  }
}
