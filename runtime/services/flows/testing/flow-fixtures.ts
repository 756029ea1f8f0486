/** @module runtime/services/flows/testing/flow-fixtures — terse nodes, edges and flows for tests. */
import { registry } from '../../../../catalogue/nodes.ts';
import { catalogueView } from '../catalogue-view.ts';
import type { FlowDocument, FlowEdge, FlowNode } from '../../../../contract/flow-document.ts';

/** the real catalogue, as flow checking sees it */
export const catalogue = catalogueView(registry);

export const node = (id: string, type: string, values: Record<string, unknown> = {}): FlowNode => ({ id, type, position: { x: 0, y: 0 }, values });

export const edge = (id: string, source: string, target: string, sourceHandle = 'out'): FlowEdge => ({ id, source, sourceHandle, target, targetHandle: 'in' });

export const trigger = node('webhookTrigger_1', 'webhookTriggerNode');

/** edges e1, e2… joining the ids one after the other */
export const chain = (...ids: string[]): FlowEdge[] => ids.slice(1).map((id, i) => edge(`e${i + 1}`, ids[i], id));

export function flowOf(nodes: FlowNode[], edges: FlowEdge[]): FlowDocument {
  return { id: 'flow_test', projectId: 'proj_test', name: 'Test', status: 'draft', version: 3, nodes, edges, createdAt: 0, updatedAt: 0 };
}
