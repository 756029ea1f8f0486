/**
 * @module editor/versions/compare-marks — how the comparison marks each side: on the older side
 * the nodes and edges that were removed, on the newer side those that were added, on both the
 * nodes that changed (fields) or only moved. Pure: the view colours what this says.
 */
import { linkOf, type FlowDiff } from '../../catalogue/flow-diff.ts';
import type { FlowNode } from '../../contract/flow-document.ts';

export type Mark = 'added' | 'removed' | 'changed' | 'moved' | 'same';
export type Side = 'before' | 'after';

/** each node's mark on one side (nodes not listed are the same) */
export function nodeMarks(diff: FlowDiff, side: Side): Map<string, Mark> {
  const marks = new Map<string, Mark>();
  for (const move of diff.nodes.moved) marks.set(move.id, 'moved');
  for (const change of diff.nodes.changed) marks.set(change.id, 'changed');
  for (const node of side === 'before' ? diff.nodes.removed : diff.nodes.added) marks.set(node.id, side === 'before' ? 'removed' : 'added');
  return marks;
}

/** each edge's mark on one side, by its link (source:handle>target) */
export function edgeMarks(diff: FlowDiff, side: Side): Map<string, Mark> {
  const edges = side === 'before' ? diff.edges.removed : diff.edges.added;
  return new Map(edges.map((e) => [linkOf(e), side === 'before' ? 'removed' : 'added']));
}

/** The box around every node (each `width` × `height`), with a margin; a flow without nodes gets a small empty box. */
export function boundsOf(nodes: Pick<FlowNode, 'position'>[], width: number, height: number, margin = 40): { x: number; y: number; width: number; height: number } {
  if (nodes.length === 0) return { x: 0, y: 0, width: 400, height: 200 };
  const xs = nodes.map((n) => n.position.x);
  const ys = nodes.map((n) => n.position.y);
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  return { x, y, width: Math.max(...xs) + width + margin - x, height: Math.max(...ys) + height + margin - y };
}
