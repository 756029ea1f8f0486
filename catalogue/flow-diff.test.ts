import { describe, expect, it } from 'vitest';
import type { FlowEdge, FlowNode } from '../contract/flow-document.ts';
import { changeCount, describeChanges, diffFlows, type DiffableFlow } from './flow-diff.ts';

const node = (id: string, values: Record<string, unknown> = {}, x = 0): FlowNode => ({ id, type: 'variablesNode', position: { x, y: 0 }, values });
const edge = (id: string, source: string, target: string, sourceHandle = 'out'): FlowEdge => ({ id, source, sourceHandle, target, targetHandle: 'in' });

const base: DiffableFlow = {
  name: 'Grade',
  nodes: [{ ...node('trigger_1'), type: 'webhookTriggerNode' }, node('a', { mapping: [{ key: 'k', value: '1' }] }), node('b', { x: 1 }, 300)],
  edges: [edge('e1', 'trigger_1', 'a'), edge('e2', 'a', 'b')],
};

describe('diffFlows', () => {
  it('finds nothing between a flow and its copy, whatever the order of keys', () => {
    const copy: DiffableFlow = JSON.parse(JSON.stringify(base));
    copy.nodes[1] = { values: { mapping: [{ value: '1', key: 'k' }] }, position: { y: 0, x: 0 }, type: 'variablesNode', id: 'a' };
    const diff = diffFlows(base, copy);
    expect(changeCount(diff)).toBe(0);
    expect(describeChanges(diff)).toEqual([]);
  });

  it('names added, removed and changed nodes with the fields that changed, before and after', () => {
    const after: DiffableFlow = {
      ...base,
      nodes: [base.nodes[0], node('a', { mapping: [{ key: 'k', value: '2' }], extra: true }), node('c')],
      edges: [edge('e1', 'trigger_1', 'a'), edge('e3', 'a', 'c')],
    };
    const diff = diffFlows(base, after);
    expect(diff.nodes.added.map((n) => n.id)).toEqual(['c']);
    expect(diff.nodes.removed.map((n) => n.id)).toEqual(['b']);
    expect(diff.nodes.changed).toEqual([
      {
        id: 'a',
        type: 'variablesNode',
        fields: [
          { field: 'values.extra', before: undefined, after: true },
          { field: 'values.mapping', before: [{ key: 'k', value: '1' }], after: [{ key: 'k', value: '2' }] },
        ],
      },
    ]);
    expect(diff.edges.added.map((e) => e.id)).toEqual(['e3']);
    expect(diff.edges.removed.map((e) => e.id)).toEqual(['e2']);
    expect(changeCount(diff)).toBe(5);
    expect(describeChanges(diff)).toEqual(['Added c', 'Removed b', 'Changed a: extra, mapping', 'Connected a (out) → c', 'Disconnected a (out) → b']);
  });

  it('keeps a move apart from a change, and counts a node both moved and changed once', () => {
    const after: DiffableFlow = { ...base, nodes: [base.nodes[0], node('a', base.nodes[1].values, 50), node('b', { x: 2 }, 400)] };
    const diff = diffFlows(base, after);
    expect(diff.nodes.moved).toEqual([
      { id: 'a', type: 'variablesNode', from: { x: 0, y: 0 }, to: { x: 50, y: 0 } },
      { id: 'b', type: 'variablesNode', from: { x: 300, y: 0 }, to: { x: 400, y: 0 } },
    ]);
    expect(diff.nodes.changed.map((c) => c.id)).toEqual(['b']);
    expect(changeCount(diff)).toBe(2);
    expect(describeChanges(diff, (n) => `${n.id} (${n.type})`)).toEqual(['Changed b (variablesNode): x', 'Moved a (variablesNode)']);
  });

  it('compares node properties: retries, on error, disabled (absent is not disabled), pinned', () => {
    const after: DiffableFlow = {
      ...base,
      nodes: [base.nodes[0], { ...base.nodes[1], retry: { retries: 2, delay: 1 }, onError: 'continue', disabled: false }, { ...base.nodes[2], disabled: true, pinned: { output: 1, pinnedAt: 5 } }],
    };
    const diff = diffFlows(base, after);
    expect(diff.nodes.changed.map((c) => [c.id, c.fields.map((f) => f.field)])).toEqual([
      ['a', ['retry', 'onError']],
      ['b', ['disabled', 'pinned']],
    ]);
  });

  it('knows an edge by its link, not its id', () => {
    const after: DiffableFlow = { ...base, edges: [edge('x1', 'trigger_1', 'a'), edge('x2', 'a', 'b', 'other')] };
    const diff = diffFlows(base, after);
    expect(diff.edges.added.map((e) => e.id)).toEqual(['x2']);
    expect(diff.edges.removed.map((e) => e.id)).toEqual(['e2']);
  });

  it('diffs the name and sticky notes', () => {
    const note = { id: 'n1', position: { x: 0, y: 0 }, size: { width: 100, height: 80 }, text: 'hello' };
    const before = { ...base, notes: [note, { ...note, id: 'n2' }] };
    const after = { ...base, name: 'Grade 2', notes: [{ ...note, text: 'bye' }, { ...note, id: 'n3' }] };
    const diff = diffFlows(before, after);
    expect(diff.renamed).toEqual({ from: 'Grade', to: 'Grade 2' });
    expect(diff.notes.added.map((n) => n.id)).toEqual(['n3']);
    expect(diff.notes.removed.map((n) => n.id)).toEqual(['n2']);
    expect(diff.notes.changed.map((n) => n.id)).toEqual(['n1']);
    expect(changeCount(diff)).toBe(4);
    expect(describeChanges(diff)).toEqual(['Renamed the flow: Grade → Grade 2', 'Added 1 sticky note', 'Removed 1 sticky note', 'Changed 1 sticky note']);
  });
});
