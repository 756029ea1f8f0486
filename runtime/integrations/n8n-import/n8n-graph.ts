/**
 * @module runtime/integrations/n8n-import/n8n-graph — reading an n8n workflow's connections: a node's main
 * inputs (with the output and input index of each), its sub-nodes (AI models, memories, tools,
 * connected by other connection types), and the body of a loop.
 */
import type { N8nWorkflow } from './n8n-format.ts';

export interface MainLink {
  source: string;
  outputIndex: number;
  target: string;
  inputIndex: number;
}

export interface N8nGraph {
  /** every main connection, in the workflow's order */
  links: MainLink[];
  /** main connections into `name` */
  inputsOf(name: string): MainLink[];
  /** main connections into `name` but those coming back from its own outputs (a loop's way back) */
  forwardInputsOf(name: string): MainLink[];
  /** names of the nodes connected into `name` by `type` (not main) */
  subNodesOf(name: string, type: string): string[];
  /** nodes whose connections are all of other types than main: sub-nodes, mapped with their parent or reported */
  subNodes: Map<string, { type: string; parent: string }[]>;
  /** the nodes reachable from `name`'s output `index`, without passing `name` again */
  reachableFrom(name: string, index: number): Set<string>;
}

export function n8nGraph(workflow: N8nWorkflow): N8nGraph {
  const links: MainLink[] = [];
  const other: { source: string; type: string; target: string }[] = [];
  for (const [source, byType] of Object.entries(workflow.connections)) {
    for (const [type, outputs] of Object.entries(byType)) {
      outputs.forEach((ends, outputIndex) => {
        for (const end of ends) {
          if (type === 'main') links.push({ source, outputIndex, target: end.node, inputIndex: end.index });
          else other.push({ source, type, target: end.node });
        }
      });
    }
  }
  const mainSources = new Set(links.map((l) => l.source));
  const subNodes = new Map<string, { type: string; parent: string }[]>();
  for (const link of other) {
    if (mainSources.has(link.source)) continue;
    subNodes.set(link.source, [...(subNodes.get(link.source) ?? []), { type: link.type, parent: link.target }]);
  }
  const reachableFrom = (name: string, index: number) => {
    const seen = new Set<string>();
    const queue = links.filter((l) => l.source === name && l.outputIndex === index).map((l) => l.target);
    while (queue.length) {
      const next = queue.shift()!;
      if (next === name || seen.has(next)) continue;
      seen.add(next);
      for (const l of links) if (l.source === next) queue.push(l.target);
    }
    return seen;
  };
  const back = backLinks(links);
  return {
    links,
    subNodes,
    inputsOf: (name) => links.filter((l) => l.target === name),
    forwardInputsOf: (name) => links.filter((l) => l.target === name && !back.has(l)),
    subNodesOf: (name, type) => [...new Set(other.filter((l) => l.target === name && l.type === type).map((l) => l.source))],
    reachableFrom: (name, index) => reachableFrom(name, index),
  };
}

/** The links that close a cycle (to a node on the depth-first path from a node without inputs): a loop's way back. */
function backLinks(links: MainLink[]): Set<MainLink> {
  const back = new Set<MainLink>();
  const state = new Map<string, 'open' | 'done'>();
  const targets = new Set(links.map((l) => l.target));
  const visit = (name: string) => {
    state.set(name, 'open');
    for (const link of links.filter((l) => l.source === name)) {
      const seen = state.get(link.target);
      if (seen === 'open') back.add(link);
      else if (!seen) visit(link.target);
    }
    state.set(name, 'done');
  };
  for (const link of links) if (!targets.has(link.source) && !state.has(link.source)) visit(link.source);
  // what remains unvisited lies on cycles only: start anywhere
  for (const link of links) if (!state.has(link.source)) visit(link.source);
  return back;
}
