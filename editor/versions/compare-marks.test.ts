import { describe, expect, it } from 'vitest';
import { diffFlows } from '../../catalogue/flow-diff.ts';
import type { FlowNode } from '../../contract/flow-document.ts';
import { boundsOf, edgeMarks, nodeMarks } from './compare-marks.ts';

const node = (id: string, value: string, x = 0): FlowNode => ({ id, type: 'variablesNode', position: { x, y: 0 }, values: { v: value } });
const edge = (source: string, target: string) => ({ id: `${source}-${target}`, source, sourceHandle: 'out', target, targetHandle: 'in' });

const before = { nodes: [node('t', ''), node('a', '1'), node('b', '1'), node('gone', '')], edges: [edge('t', 'a'), edge('a', 'gone')] };
const after = { nodes: [node('t', ''), node('a', '2'), node('b', '1', 90), node('new', '')], edges: [edge('t', 'a'), edge('a', 'new')] };

describe('compare marks', () => {
  const diff = diffFlows(before, after);

  it('marks removed nodes on the older side, added ones on the newer, changed and moved on both', () => {
    expect(Object.fromEntries(nodeMarks(diff, 'before'))).toEqual({ a: 'changed', b: 'moved', gone: 'removed' });
    expect(Object.fromEntries(nodeMarks(diff, 'after'))).toEqual({ a: 'changed', b: 'moved', new: 'added' });
  });

  it('marks removed edges on the older side and added ones on the newer, by link', () => {
    expect(Object.fromEntries(edgeMarks(diff, 'before'))).toEqual({ 'a:out>gone': 'removed' });
    expect(Object.fromEntries(edgeMarks(diff, 'after'))).toEqual({ 'a:out>new': 'added' });
  });

  it('boxes every node with a margin', () => {
    expect(boundsOf([{ position: { x: 0, y: 10 } }, { position: { x: 300, y: -20 } }], 200, 50, 10)).toEqual({ x: -10, y: -30, width: 520, height: 100 });
    expect(boundsOf([], 200, 50)).toEqual({ x: 0, y: 0, width: 400, height: 200 });
  });
});
