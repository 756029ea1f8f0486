/**
 * @module editor/versions/read-only-canvas — one side of a comparison: a flow document drawn as
 * it sits on the canvas (nodes at their positions, edges between their ports), fitted to its
 * region, read-only, each node and edge coloured by its mark. Clicking a node picks it.
 */
import type { CSSProperties } from 'react';
import { linkOf } from '../../catalogue/flow-diff.ts';
import type { FlowEdge, FlowNode } from '../../contract/flow-document.ts';
import { HEAD_HEIGHT, NODE_WIDTH } from '../canvas/schemes.ts';
import { colorOf, type CatalogueStore } from '../stores/catalogue-store.ts';
import { boundsOf, type Mark } from './compare-marks.ts';

interface Props {
  title: string;
  side: 'before' | 'after';
  nodes: FlowNode[];
  edges: FlowEdge[];
  nodeMarks: Map<string, Mark>;
  edgeMarks: Map<string, Mark>;
  catalogue: CatalogueStore;
  picked: string | null;
  onPick: (id: string) => void;
}

const middle = HEAD_HEIGHT / 2;

export function ReadOnlyCanvas(props: Props) {
  const { nodes, edges, nodeMarks, edgeMarks, catalogue, picked } = props;
  const box = boundsOf(nodes, NODE_WIDTH, HEAD_HEIGHT);
  const at = new Map(nodes.map((n) => [n.id, n.position]));
  return (
    <section className="compare-side" data-testid={`compare-${props.side}`} aria-label={props.title}>
      <h4 className="compare-title">{props.title}</h4>
      <div className="compare-scroll">
        <svg
          className="compare-svg"
          viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
          // fitted, but never so small that labels cannot be read: then the region scrolls
          style={{ minWidth: box.width * 0.55, minHeight: box.height * 0.55 }}
          preserveAspectRatio="xMidYMid meet"
        >
          {edges.map((edge) => {
            const from = at.get(edge.source);
            const to = at.get(edge.target);
            if (!from || !to) return null;
            const x1 = from.x + NODE_WIDTH;
            const y1 = from.y + middle;
            const bend = Math.max(40, Math.abs(to.x - x1) / 2);
            const mark = edgeMarks.get(linkOf(edge)) ?? 'same';
            return (
              <path
                key={edge.id}
                className={`compare-edge compare-edge--${mark}`}
                data-testid="compare-edge"
                data-link={linkOf(edge)}
                data-mark={mark}
                d={`M ${x1} ${y1} C ${x1 + bend} ${y1}, ${to.x - bend} ${to.y + middle}, ${to.x} ${to.y + middle}`}
              />
            );
          })}
          {nodes.map((node) => {
            const mark = nodeMarks.get(node.id) ?? 'same';
            const definition = catalogue.get(node.type);
            const named = node.values.nodeName;
            const label = typeof named === 'string' && named.trim() ? named : (definition?.label ?? node.type);
            return (
              <g
                key={node.id}
                className={`compare-node compare-node--${mark}${picked === node.id ? ' is-picked' : ''}`}
                data-testid="compare-node"
                data-node-id={node.id}
                data-mark={mark}
                transform={`translate(${node.position.x} ${node.position.y})`}
                style={{ '--cat': colorOf(definition) } as CSSProperties}
                onClick={() => props.onPick(node.id)}
              >
                <rect width={NODE_WIDTH} height={HEAD_HEIGHT} rx={10} />
                <rect className="compare-node-cat" width={6} height={HEAD_HEIGHT} rx={3} />
                <text x={18} y={32} className="compare-node-label">{label}</text>
                <text x={18} y={57} className="compare-node-slug">{node.id}{node.disabled ? ' · disabled' : ''}</text>
                {mark !== 'same' && <text x={NODE_WIDTH - 12} y={22} textAnchor="end" className="compare-node-mark">{mark}</text>}
              </g>
            );
          })}
        </svg>
      </div>
    </section>
  );
}
