/**
 * @module runtime/services/flows/live-flows — a project's flows as production sees them: each active
 * flow with the name, nodes and edges of its deployed version (never its draft).
 */
import type { FlowDocument } from '../../../contract/flow-document.ts';
import type { FlowVersion } from '../../../contract/versions.ts';

export interface LiveFlowSources {
  flows: { list(projectId: string): Promise<FlowDocument[]> };
  versions: { get(flowId: string, version: number): Promise<FlowVersion | null> };
}

/** The flows production calls reach: active and deployed, oldest first (names derived from them stay put). */
export function liveOf(flows: readonly FlowDocument[]): FlowDocument[] {
  return flows
    .filter((flow) => flow.status === 'active' && flow.deployedVersion !== undefined)
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

/** The project's live flows (liveOf), each as its deployed version. */
export async function liveFlows(sources: LiveFlowSources, projectId: string): Promise<FlowDocument[]> {
  const active = liveOf(await sources.flows.list(projectId));
  const deployed = await Promise.all(active.map((flow) => sources.versions.get(flow.id, flow.deployedVersion!)));
  return active.flatMap((flow, i) => {
    const version = deployed[i];
    return version ? [{ ...flow, name: version.name, nodes: version.nodes, edges: version.edges }] : [];
  });
}
