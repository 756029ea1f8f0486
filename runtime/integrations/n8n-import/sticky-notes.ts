/**
 * @module runtime/integrations/n8n-import/sticky-notes — n8n's Sticky Note nodes as weft sticky notes (markdown
 * on the canvas, never nodes), sized and coloured within weft's bounds, and the note that lists
 * what the import could not carry over, so it stays on the draft after the import's answer.
 */
import type { ImportProblem } from '../../../contract/n8n-import.ts';
import type { StickyNote } from '../../../contract/flow-document.ts';
import { STICKY_NOTE_LIMITS as LIMITS, type StickyNoteColor } from '../../../contract/sticky-notes.ts';
import { X_SPREAD, weftPosition, type N8nNode } from './n8n-format.ts';

/** n8n's seven note colours (1 is its default yellow) by their nearest weft colour */
const COLORS: Record<number, StickyNoteColor> = { 1: 'yellow', 2: 'yellow', 3: 'pink', 4: 'green', 5: 'blue', 6: 'pink', 7: 'grey' };

const clamp = (value: unknown, min: number, max: number, fallback: number) => Math.round(Math.min(Math.max(Number(value) || fallback, min), max));

export function stickyNoteOf(node: N8nNode, index: number): StickyNote {
  const { content, width, height, color } = node.parameters;
  const text = typeof content === 'string' ? content : '';
  return {
    id: `n8n_note_${index + 1}`,
    position: weftPosition(node.position),
    // spread like the nodes it covers
    size: { width: clamp((Number(width) || 240) * X_SPREAD, LIMITS.minWidth, LIMITS.maxWidth, 360), height: clamp(height, LIMITS.minHeight, LIMITS.maxHeight, 160) },
    text: text.length > LIMITS.text ? `${text.slice(0, LIMITS.text - 1)}…` : text,
    color: COLORS[Number(color) || 1] ?? 'yellow',
  };
}

export const PROBLEMS_NOTE_ID = 'n8n_import_problems';

/** One note above the flow listing each import problem by n8n node name. */
export function problemsNote(problems: ImportProblem[], nodes: { position: { x: number; y: number } }[]): StickyNote {
  const lines = problems.map((p) => `- **${p.node}**${p.field ? ` (${p.field})` : ''}: ${p.message}`);
  let text = `**Imported from n8n: ${problems.length} thing${problems.length === 1 ? '' : 's'} to check**\n\n${lines.join('\n')}`;
  if (text.length > LIMITS.text) text = `${text.slice(0, LIMITS.text - 2)}\n…`;
  const height = clamp(80 + problems.length * 44, LIMITS.minHeight, 900, 160);
  const left = Math.min(0, ...nodes.map((n) => n.position.x));
  const top = Math.min(0, ...nodes.map((n) => n.position.y));
  return { id: PROBLEMS_NOTE_ID, position: { x: left, y: top - height - 60 }, size: { width: 520, height }, text, color: 'pink' };
}
