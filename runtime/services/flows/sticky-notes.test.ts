import { describe, expect, it } from 'vitest';
import { compileFlow } from './compile.ts';
import { readNotes } from './sticky-notes.ts';
import { catalogue, chain, flowOf, node, trigger } from './testing/flow-fixtures.ts';

const note = (id: string, extra: Record<string, unknown> = {}) => ({ id, position: { x: 10, y: -20 }, size: { width: 240, height: 160 }, text: '**Hi**', ...extra });

describe('readNotes', () => {
  it('takes no notes as none, and keeps only the known fields of sound ones', () => {
    expect(readNotes(undefined)).toEqual({ notes: [], problems: [] });
    expect(readNotes([{ ...note('n1', { color: 'blue' }), label: 'dropped' }, note('n2')])).toEqual({
      notes: [
        { id: 'n1', position: { x: 10, y: -20 }, size: { width: 240, height: 160 }, text: '**Hi**', color: 'blue' },
        { id: 'n2', position: { x: 10, y: -20 }, size: { width: 240, height: 160 }, text: '**Hi**' },
      ],
      problems: [],
    });
  });

  it.each([
    ['not a list', { n: 1 }, ['The notes of a flow must be a list']],
    ['over 200 notes', Array.from({ length: 201 }, (_, i) => note(`n${i}`)), ['A flow has at most 200 notes; this one has 201']],
    ['a note that is not an object', ['text'], ['Note #1 is not an object']],
    ['a note without an id', [note('')], ['Note #1 needs an id: a string of 1 to 100 characters']],
    ['text over 20 000 characters', [note('n1', { text: 'x'.repeat(20_001) })], ['Note n1: text has at most 20000 characters (it has 20001)']],
    ['text that is not a string', [note('n1', { text: 5 })], ['Note n1: text must be a string']],
    ['no position', [note('n1', { position: { x: '1', y: 2 } })], ['Note n1: position must be {x, y} with numbers']],
    [
      'a size out of bounds',
      [note('n1', { size: { width: 10, height: 160 } }), note('n2', { size: { width: 240, height: 9000 } })],
      [
        'Note n1: size must be {width, height} with a width from 80 to 4000 and a height from 40 to 4000',
        'Note n2: size must be {width, height} with a width from 80 to 4000 and a height from 40 to 4000',
      ],
    ],
    ['an unknown colour', [note('n1', { color: 'red' })], ['Note n1: color must be one of yellow, blue, green, pink, grey']],
    ['two notes with one id', [note('n1'), note('n1')], ['Two notes have the id n1']],
  ])('refuses %s', (_what, raw, problems) => {
    expect(readNotes(raw).problems).toEqual(problems);
  });

  it('takes exactly 200 notes and 20 000 characters', () => {
    expect(readNotes(Array.from({ length: 200 }, (_, i) => note(`n${i}`, { text: 'x'.repeat(20_000) }))).problems).toEqual([]);
  });
});

describe('notes are not nodes', () => {
  it('the compiled plan knows nothing of them', () => {
    const flow = { ...flowOf([trigger, node('wait_1', 'waitNode', { seconds: 1 })], chain('webhookTrigger_1', 'wait_1')), notes: readNotes([note('n1')]).notes };
    expect(Object.keys(compileFlow(flow, catalogue).nodes)).toEqual(['webhookTrigger_1', 'wait_1']);
  });
});
