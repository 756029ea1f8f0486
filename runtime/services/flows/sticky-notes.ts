/**
 * @module runtime/services/flows/sticky-notes — what a flow's sticky notes may be (contract/sticky-notes.ts
 * has the bounds). Notes are markdown on the canvas, stored with the flow and never nodes: the
 * compiler and the engine read `nodes` and `edges` only. A note out of bounds refuses the save,
 * each problem naming its note.
 */
import type { StickyNote } from '../../../contract/flow-document.ts';
import { STICKY_NOTE_COLORS, STICKY_NOTE_LIMITS as LIMITS, type StickyNoteColor } from '../../../contract/sticky-notes.ts';

export interface NotesCheck {
  /** the notes as they will be stored: known fields only */
  notes: StickyNote[];
  problems: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const within = (value: unknown, min: number, max: number): value is number => finite(value) && value >= min && value <= max;

function readNote(raw: unknown, index: number, problems: string[]): StickyNote | null {
  if (!isObject(raw)) return problems.push(`Note #${index + 1} is not an object`), null;
  const { id, position, size, text, color } = raw;
  if (typeof id !== 'string' || !id.trim() || id.length > LIMITS.id) {
    return problems.push(`Note #${index + 1} needs an id: a string of 1 to ${LIMITS.id} characters`), null;
  }
  const before = problems.length;
  if (typeof text !== 'string') problems.push(`Note ${id}: text must be a string`);
  else if (text.length > LIMITS.text) problems.push(`Note ${id}: text has at most ${LIMITS.text} characters (it has ${text.length})`);
  if (!isObject(position) || !finite(position.x) || !finite(position.y)) problems.push(`Note ${id}: position must be {x, y} with numbers`);
  if (!isObject(size) || !within(size.width, LIMITS.minWidth, LIMITS.maxWidth) || !within(size.height, LIMITS.minHeight, LIMITS.maxHeight)) {
    problems.push(
      `Note ${id}: size must be {width, height} with a width from ${LIMITS.minWidth} to ${LIMITS.maxWidth} and a height from ${LIMITS.minHeight} to ${LIMITS.maxHeight}`,
    );
  }
  if (color !== undefined && !STICKY_NOTE_COLORS.includes(color as StickyNoteColor)) {
    problems.push(`Note ${id}: color must be one of ${STICKY_NOTE_COLORS.join(', ')}`);
  }
  if (problems.length > before) return null;
  const place = position as { x: number; y: number };
  const box = size as { width: number; height: number };
  return {
    id,
    position: { x: place.x, y: place.y },
    size: { width: box.width, height: box.height },
    text: text as string,
    ...(color !== undefined ? { color: color as StickyNoteColor } : {}),
  };
}

/** Check a flow's `notes` (absent: none). */
export function readNotes(raw: unknown): NotesCheck {
  if (raw === undefined || raw === null) return { notes: [], problems: [] };
  if (!Array.isArray(raw)) return { notes: [], problems: ['The notes of a flow must be a list'] };
  if (raw.length > LIMITS.notes) return { notes: [], problems: [`A flow has at most ${LIMITS.notes} notes; this one has ${raw.length}`] };
  const problems: string[] = [];
  const notes = raw.map((note, index) => readNote(note, index, problems)).filter((note) => note !== null);
  const ids = new Set<string>();
  for (const note of notes) {
    if (ids.has(note.id)) problems.push(`Two notes have the id ${note.id}`);
    ids.add(note.id);
  }
  return { notes, problems };
}
