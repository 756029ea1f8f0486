/**
 * @module runtime/integrations/n8n-import/connections — n8n's main connections as weft edges. Each n8n
 * output index leaves from the weft port its mapper names (IF's output 0 is the Condition's
 * 'true', a Loop Over Items' "done" is its Loop End's 'out'); every edge enters at 'in'. A
 * connection from inside a loop back into the Loop Over Items ends at the loop's Loop End, as
 * weft's loops have no cycle. Outputs weft has no port for are reported, never dropped silently.
 */
import { INPUT_HANDLE } from '../../../catalogue/handles.ts';
import type { FlowEdge } from '../../../contract/flow-document.ts';
import type { ImportProblem } from '../../../contract/n8n-import.ts';
import type { Mapped, OutputPort } from './mapper-types.ts';
import type { N8nGraph } from './n8n-graph.ts';
import type { ImportedIds } from './references.ts';

export function edgesOf(graph: N8nGraph, mapped: Map<string, Mapped>, ids: ImportedIds, problems: ImportProblem[]): FlowEdge[] {
  const edges: FlowEdge[] = [];
  const seen = new Set<string>();
  // the nodes inside each loop, to tell its body's way back from a way in
  const bodies = new Map<string, Set<string>>();
  for (const [name, node] of mapped) {
    if (node.loopEnd) bodies.set(name, graph.reachableFrom(name, node.ports?.(1).length ? 1 : 0));
  }
  for (const link of graph.links) {
    const source = mapped.get(link.source);
    const sourceId = ids.idOf.get(link.source);
    const targetId = ids.idOf.get(link.target);
    if (!source || !sourceId || !targetId || !mapped.has(link.target)) continue;
    const ports: OutputPort[] = source.ports ? source.ports(link.outputIndex) : link.outputIndex === 0 ? [{ handle: 'out' }] : [];
    if (!ports.length) {
      problems.push({ node: link.source, message: `output ${link.outputIndex + 1} (to “${link.target}”) has no weft counterpart; that connection was not imported` });
      continue;
    }
    const backIntoLoop = bodies.get(link.target)?.has(link.source) === true;
    const target = backIntoLoop ? ids.endOf(link.target) : targetId;
    for (const port of ports) {
      const from = port.fromEnd ? ids.endOf(link.source) : sourceId;
      const key = `${from}\n${port.handle}\n${target}`;
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push({ id: `e${edges.length + 1}`, source: from, sourceHandle: port.handle, target, targetHandle: INPUT_HANDLE });
    }
  }
  return edges;
}
