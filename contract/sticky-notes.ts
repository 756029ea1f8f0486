/**
 * @module contract/sticky-notes — the bounds of a flow's sticky notes (contract/flow-document.ts
 * `StickyNote`): the server refuses a save outside them, the studio keeps its notes inside them.
 */
import type { StickyNote } from './flow-document.ts';

export type StickyNoteColor = NonNullable<StickyNote['color']>;

/** the colours a note may have; absent means the first */
export const STICKY_NOTE_COLORS: readonly StickyNoteColor[] = ['yellow', 'blue', 'green', 'pink', 'grey'];

export const STICKY_NOTE_LIMITS = {
  /** notes in one flow */
  notes: 200,
  /** characters of one note's markdown */
  text: 20_000,
  /** characters of a note's id */
  id: 100,
  minWidth: 80,
  minHeight: 40,
  maxWidth: 4000,
  maxHeight: 4000,
} as const;
