import { describe, expect, it } from 'vitest';
import type { HistoryAction } from 'rete-history-plugin';
import { StickyNotes } from './notes-store.ts';

function notesWithHistory() {
  const notes = new StickyNotes();
  const steps: HistoryAction[] = [];
  notes.recordInto((action) => steps.push(action));
  return { notes, steps };
}

describe('StickyNotes', () => {
  it('adds a note centred on a point, selected and open for typing, as one undo step', async () => {
    const { notes, steps } = notesWithHistory();
    const id = notes.add({ x: 500, y: 300 })!;
    expect(notes.serialize()).toEqual([{ id, position: { x: 380, y: 220 }, size: { width: 240, height: 160 }, text: '' }]);
    expect([notes.selected, notes.editing]).toEqual([id, id]);
    await steps[0].undo();
    expect(notes.notes).toEqual([]);
    expect(notes.selected).toBeNull();
    await steps[0].redo();
    expect(notes.notes.map((n) => n.id)).toEqual([id]);
  });

  it('records a whole drag as one step, and a drag that moved nothing as none', async () => {
    const { notes, steps } = notesWithHistory();
    notes.load([{ id: 'n1', position: { x: 0, y: 0 }, size: { width: 200, height: 100 }, text: 'a' }]);
    const before = notes.serialize()[0];
    const revision = notes.revision;
    notes.drag('n1', { position: { x: 10.4, y: 5 } });
    notes.drag('n1', { position: { x: 40.6, y: 20 } });
    notes.settle('n1', before);
    expect(notes.revision).toBe(revision + 2);
    expect(notes.serialize()[0].position).toEqual({ x: 41, y: 20 });
    expect(steps).toHaveLength(1);
    notes.settle('n1', JSON.parse(JSON.stringify(notes.get('n1'))));
    expect(steps).toHaveLength(1);
    await steps[0].undo();
    expect(notes.get('n1')!.position).toEqual({ x: 0, y: 0 });
  });

  it('changes text and colour, and removes, each undoable', async () => {
    const { notes, steps } = notesWithHistory();
    notes.load([{ id: 'n1', position: { x: 0, y: 0 }, size: { width: 200, height: 100 }, text: 'a' }]);
    notes.change('n1', { text: '**b**' });
    notes.change('n1', { color: 'green' });
    notes.select('n1');
    notes.remove('n1');
    expect([notes.notes.length, notes.selected]).toEqual([0, null]);
    for (const step of [...steps].reverse()) await step.undo();
    expect(notes.serialize()).toEqual([{ id: 'n1', position: { x: 0, y: 0 }, size: { width: 200, height: 100 }, text: 'a' }]);
  });

  it('refuses a note past the 200 a flow may have', () => {
    const { notes } = notesWithHistory();
    notes.load(Array.from({ length: 200 }, (_, i) => ({ id: `n${i}`, position: { x: 0, y: 0 }, size: { width: 100, height: 50 }, text: '' })));
    expect(notes.add({ x: 0, y: 0 })).toBeNull();
  });
});
