/** @module scripts/bench/editor-flow — the editor benchmark's generated flows (pure data): 300 nodes, or a few as a baseline. */

const LANES = [50, 50, 50, 50, 49, 49];

/** trigger → parallel chains of Variables nodes (six: 300 nodes in all) → one join. */
export function generatedFlow(lanes = LANES) {
  const nodes: { id: string; type: string; position: { x: number; y: number }; values: Record<string, unknown> }[] = [];
  const edges: { id: string; source: string; sourceHandle: string; target: string; targetHandle: string }[] = [];
  const link = (source: string, target: string) => edges.push({ id: `e${edges.length + 1}`, source, sourceHandle: 'out', target, targetHandle: 'in' });
  nodes.push({ id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 400 }, values: {} });
  const mapping = (lane: number, step: number) => [{ key: 'step', type: 'number', value: String(step) }, { key: 'lane', type: 'string', value: `lane ${lane}` }];
  lanes.forEach((length, lane) => {
    let previous = 'webhookTrigger_1';
    for (let step = 1; step <= length; step++) {
      const id = `lane${lane + 1}_${step}`;
      nodes.push({ id, type: 'variablesNode', position: { x: step * 300, y: lane * 160 }, values: { mapping: mapping(lane + 1, step) } });
      link(previous, id);
      previous = id;
    }
    link(previous, 'join_1');
  });
  nodes.push({ id: 'join_1', type: 'variablesNode', position: { x: (Math.max(...lanes) + 1) * 300, y: 400 }, values: { mapping: [{ key: 'done', type: 'boolean', value: 'true' }] } });
  return { name: `Benchmark: ${nodes.length} nodes`, nodes, edges };
}
