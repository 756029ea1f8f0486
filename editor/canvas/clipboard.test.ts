import { describe, expect, it } from 'vitest';
import { copyNodes, pasteNodes } from './clipboard.ts';

const nodes = [
  { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
  { id: 'api_1', type: 'apiNode', position: { x: 200, y: 0 }, values: { url: 'https://x/{{trigger.output.id}}' } },
  { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 400, y: 0 }, values: { outputMapping: [{ key: 'r', value: '{{api_1.output.data}}' }] } },
];
const edges = [
  { id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'api_1', targetHandle: 'in' },
  { id: 'e2', source: 'api_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' },
];

describe('clipboard', () => {
  it('copies the selected nodes and only the edges between them', () => {
    const content = copyNodes(nodes, edges, new Set(['api_1', 'apiResponse_1']));
    expect(content.nodes.map((n) => n.id)).toEqual(['api_1', 'apiResponse_1']);
    expect(content.edges.map((e) => e.id)).toEqual(['e2']);
  });

  it('pastes with new slugs, rewritten references and shifted positions', () => {
    const content = copyNodes(nodes, edges, new Set(['api_1', 'apiResponse_1']));
    let edge = 0;
    const pasted = pasteNodes(
      content,
      (type, taken) => (type === 'apiNode' ? 'api_2' : taken.includes('apiResponse_2') ? 'x' : 'apiResponse_2'),
      () => `new_${++edge}`,
    );
    expect(pasted.nodes.map((n) => n.id)).toEqual(['api_2', 'apiResponse_2']);
    expect(pasted.nodes[1].values).toEqual({ outputMapping: [{ key: 'r', value: '{{api_2.output.data}}' }] });
    // references to nodes outside the copy stay as they were
    expect(pasted.nodes[0].values).toEqual({ url: 'https://x/{{trigger.output.id}}' });
    expect(pasted.nodes[0].position).toEqual({ x: 248, y: 48 });
    expect(pasted.edges).toEqual([{ id: 'new_1', source: 'api_2', sourceHandle: 'out', target: 'apiResponse_2', targetHandle: 'in' }]);
    // the original is untouched
    expect((nodes[2].values.outputMapping as { value: string }[])[0].value).toBe('{{api_1.output.data}}');
  });
});
