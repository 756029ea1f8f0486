import { describe, expect, it } from 'vitest';
import { definition as generateText } from './ai/generate-text-node/definition.ts';
import { definition as apiNode } from './app/api-node/definition.ts';
import { pinnedShapeProblems } from './pinned-shape.ts';

describe('the shape of a pinned output', () => {
  it('accepts a pin a node of closed outputs could give, a part of one, null fields and error', () => {
    expect(pinnedShapeProblems(generateText, { generatedResponse: 'Hi', images: [] })).toEqual([]);
    expect(pinnedShapeProblems(generateText, { generatedResponse: null })).toEqual([]);
    expect(pinnedShapeProblems(generateText, { error: 'it failed' })).toEqual([]);
  });

  it('names a field the node never outputs, a field of another type, and a pin that is no object', () => {
    const fields = generateText.outputs.map((f) => f.name).join(', ');
    expect(pinnedShapeProblems(generateText, { text: 'Hi', images: 'a.png' })).toEqual([
      `the pinned output has a field 'text' that a Generate text node never outputs (${fields})`,
      "the pinned output's 'images' is of type string; a Generate text node outputs type array there",
    ]);
    expect(pinnedShapeProblems(generateText, ['Hi'])).toEqual([`the pinned output must be an object with the fields of a Generate text node's output (${fields})`]);
  });

  it('takes any pin of a node whose output is open (an API answer)', () => {
    expect(pinnedShapeProblems(apiNode, 'anything')).toEqual([]);
    expect(pinnedShapeProblems(apiNode, { whatever: [1] })).toEqual([]);
  });
});
