import { describe, expect, it } from 'vitest';
import { problemsByNode } from './draft-problems.ts';

describe('problemsByNode', () => {
  it('puts each problem on every node it names, by whole id only', () => {
    const problems = [
      'For Loop forLoop_1 must reach exactly one Loop End',
      'Edge e3 enters the loop of forLoop_1 from outside it (from set_1 into wait_1)',
      'No trigger node found!',
    ];
    const found = problemsByNode(problems, ['forLoop_1', 'forLoop', 'set_1', 'wait_1', 'set_10']);
    expect([...found.keys()]).toEqual(['forLoop_1', 'set_1', 'wait_1']);
    expect(found.get('forLoop_1')).toEqual(problems.slice(0, 2));
    expect(found.get('wait_1')).toEqual([problems[1]]);
  });

  it('finds nothing when no problem names a node', () => {
    expect(problemsByNode(['No trigger node found!'], ['a_1']).size).toBe(0);
    expect(problemsByNode([], ['a_1']).size).toBe(0);
  });
});
