/**
 * @module catalogue/flow-diff — what changed between two flow documents (two deployed versions,
 * or a version and the draft): nodes added, removed, changed (which fields, before and after) and
 * moved (position only, kept apart: a drag is not an edit of what runs), edges added and removed
 * (an edge is its link — source, handle, target — not its id, which the canvas may renumber),
 * sticky notes added, removed and changed. Pure and browser-safe: the studio marks the canvas
 * with it and the runtime may ask it whether a deploy changes anything.
 */
import type { FlowEdge, FlowNode, StickyNote } from '../contract/flow-document.ts';

/** The part of a flow document a diff reads: a version, the draft, or a canvas's serialisation. */
export interface DiffableFlow {
  name?: string;
  nodes: FlowNode[];
  edges: FlowEdge[];
  notes?: StickyNote[];
}

/** One changed field of a node: `values.<name>` for a form field, else the node property (`type`, `retry`, `onError`, `disabled`, `pinned`). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface NodeChange {
  id: string;
  type: string;
  fields: FieldChange[];
}

export interface NodeMove {
  id: string;
  type: string;
  from: { x: number; y: number };
  to: { x: number; y: number };
}

export interface FlowDiff {
  renamed?: { from: string; to: string };
  nodes: { added: FlowNode[]; removed: FlowNode[]; changed: NodeChange[]; moved: NodeMove[] };
  edges: { added: FlowEdge[]; removed: FlowEdge[] };
  notes: { added: StickyNote[]; removed: StickyNote[]; changed: StickyNote[] };
}

/** the node properties compared besides `values` (position is a move, not a change) */
const nodeProperties = ['type', 'retry', 'onError', 'disabled', 'pinned'] as const;

/** JSON text with object keys sorted: two values are the same when their texts are. */
function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** An edge's identity: the link it makes. */
export const linkOf = (edge: Pick<FlowEdge, 'source' | 'sourceHandle' | 'target'>) => `${edge.source}:${edge.sourceHandle}>${edge.target}`;

function fieldChanges(before: FlowNode, after: FlowNode): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const property of nodeProperties) {
    // absent and false say the same for `disabled`
    const a = property === 'disabled' ? before[property] === true : before[property];
    const b = property === 'disabled' ? after[property] === true : after[property];
    if (!same(a, b)) changes.push({ field: property, before: before[property], after: after[property] });
  }
  const beforeValues = before.values ?? {};
  const afterValues = after.values ?? {};
  const names = [...new Set([...Object.keys(beforeValues), ...Object.keys(afterValues)])].sort();
  for (const name of names) {
    if (!same(beforeValues[name], afterValues[name])) changes.push({ field: `values.${name}`, before: beforeValues[name], after: afterValues[name] });
  }
  return changes;
}

function byKey<T>(items: T[] | undefined, key: (item: T) => string): Map<string, T> {
  return new Map((items ?? []).map((item) => [key(item), item]));
}

/** Everything that differs from `before` to `after`. */
export function diffFlows(before: DiffableFlow, after: DiffableFlow): FlowDiff {
  const beforeNodes = byKey(before.nodes, (n) => n.id);
  const afterNodes = byKey(after.nodes, (n) => n.id);
  const diff: FlowDiff = {
    nodes: { added: [], removed: [], changed: [], moved: [] },
    edges: { added: [], removed: [] },
    notes: { added: [], removed: [], changed: [] },
  };
  if (before.name !== undefined && after.name !== undefined && before.name !== after.name) diff.renamed = { from: before.name, to: after.name };
  for (const [id, node] of afterNodes) {
    const old = beforeNodes.get(id);
    if (!old) {
      diff.nodes.added.push(node);
      continue;
    }
    const fields = fieldChanges(old, node);
    if (fields.length) diff.nodes.changed.push({ id, type: node.type, fields });
    if (!same(old.position, node.position)) diff.nodes.moved.push({ id, type: node.type, from: old.position, to: node.position });
  }
  for (const [id, node] of beforeNodes) if (!afterNodes.has(id)) diff.nodes.removed.push(node);

  const beforeEdges = byKey(before.edges, linkOf);
  const afterEdges = byKey(after.edges, linkOf);
  for (const [link, edge] of afterEdges) if (!beforeEdges.has(link)) diff.edges.added.push(edge);
  for (const [link, edge] of beforeEdges) if (!afterEdges.has(link)) diff.edges.removed.push(edge);

  const beforeNotes = byKey(before.notes, (n) => n.id);
  const afterNotes = byKey(after.notes, (n) => n.id);
  for (const [id, note] of afterNotes) {
    const old = beforeNotes.get(id);
    if (!old) diff.notes.added.push(note);
    else if (!same(old, note)) diff.notes.changed.push(note);
  }
  for (const [id, note] of beforeNotes) if (!afterNotes.has(id)) diff.notes.removed.push(note);
  return diff;
}

/** How many things changed (each node, edge and note once; a node both changed and moved counts once). */
export function changeCount(diff: FlowDiff): number {
  const touched = new Set([...diff.nodes.changed.map((c) => c.id), ...diff.nodes.moved.map((m) => m.id)]);
  return (
    (diff.renamed ? 1 : 0) +
    diff.nodes.added.length +
    diff.nodes.removed.length +
    touched.size +
    diff.edges.added.length +
    diff.edges.removed.length +
    diff.notes.added.length +
    diff.notes.removed.length +
    diff.notes.changed.length
  );
}

/** A field's name as a builder reads it: the form field's name, or the node property. */
export const fieldLabel = (field: string) => (field.startsWith('values.') ? field.slice('values.'.length) : field);

/** The diff as lines a builder reads, nodes named by `nameOf` (their label or id). */
export function describeChanges(diff: FlowDiff, nameOf: (node: { id: string; type: string }) => string = (n) => n.id): string[] {
  const lines: string[] = [];
  if (diff.renamed) lines.push(`Renamed the flow: ${diff.renamed.from} → ${diff.renamed.to}`);
  for (const node of diff.nodes.added) lines.push(`Added ${nameOf(node)}`);
  for (const node of diff.nodes.removed) lines.push(`Removed ${nameOf(node)}`);
  for (const change of diff.nodes.changed) lines.push(`Changed ${nameOf(change)}: ${change.fields.map((f) => fieldLabel(f.field)).join(', ')}`);
  const changed = new Set(diff.nodes.changed.map((c) => c.id));
  for (const move of diff.nodes.moved) if (!changed.has(move.id)) lines.push(`Moved ${nameOf(move)}`);
  for (const edge of diff.edges.added) lines.push(`Connected ${edge.source} (${edge.sourceHandle}) → ${edge.target}`);
  for (const edge of diff.edges.removed) lines.push(`Disconnected ${edge.source} (${edge.sourceHandle}) → ${edge.target}`);
  if (diff.notes.added.length) lines.push(`Added ${diff.notes.added.length} sticky note${diff.notes.added.length > 1 ? 's' : ''}`);
  if (diff.notes.removed.length) lines.push(`Removed ${diff.notes.removed.length} sticky note${diff.notes.removed.length > 1 ? 's' : ''}`);
  if (diff.notes.changed.length) lines.push(`Changed ${diff.notes.changed.length} sticky note${diff.notes.changed.length > 1 ? 's' : ''}`);
  return lines;
}
