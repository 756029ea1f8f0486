/**
 * @module runtime/services/flows/transfer/workflow-records — flows from the original product: its
 * workflow record (spec 000 §3 "Workflow"): `{ id, name,
 * status, project_id, raw_nodes, edges, source_slugs, source_id, airbyte_config }`, one record or
 * `{ workflows: [records] }`. A raw node is a canvas node `{ id, type, position, data }` whose
 * `type` is its kind (dynamicNode, triggerNode, conditionNode, …) and whose `data.name` is the
 * node type (apiNode, webhookTriggerNode, …); its field values are `data.values`, or its
 * `data.inputs` as `[{ name, value }]` (inputs without a value are left to their defaults).
 * Edges may lack handles (then `out` → `in`). `airbyte_config` and `project_id` stay behind: a
 * sync job and a project belong to the weft that made them.
 */
import type { FlowEdge, FlowNode } from '../../../../contract/flow-document.ts';
import type { ExportDocument, ExportedFlow } from '../../../../contract/flow-export.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldValues(data: Record<string, unknown>): Record<string, unknown> {
  if (isObject(data.values)) return { ...data.values };
  const values: Record<string, unknown> = {};
  if (Array.isArray(data.inputs)) {
    for (const input of data.inputs) {
      if (isObject(input) && typeof input.name === 'string' && input.value !== undefined) values[input.name] = input.value;
    }
  }
  return values;
}

function node(raw: unknown, index: number): FlowNode {
  if (!isObject(raw)) throw new Error(`raw_nodes[${index}] is not an object`);
  const data = isObject(raw.data) ? raw.data : {};
  const type = typeof data.name === 'string' && data.name ? data.name : raw.type;
  if (typeof raw.id !== 'string' || typeof type !== 'string') throw new Error(`raw_nodes[${index}] needs an id and data.name (its node type)`);
  const position = isObject(raw.position) ? { x: Number(raw.position.x) || 0, y: Number(raw.position.y) || 0 } : { x: 0, y: 0 };
  return { id: raw.id, type, position, values: fieldValues(data) };
}

function edge(raw: unknown, index: number): FlowEdge {
  if (!isObject(raw) || typeof raw.source !== 'string' || typeof raw.target !== 'string') throw new Error(`edges[${index}] needs a source and a target`);
  return {
    id: typeof raw.id === 'string' && raw.id ? raw.id : `e${index + 1}`,
    source: raw.source,
    sourceHandle: typeof raw.sourceHandle === 'string' && raw.sourceHandle ? raw.sourceHandle : 'out',
    target: raw.target,
    targetHandle: 'in',
  };
}

function flow(record: unknown, index: number): ExportedFlow {
  if (!isObject(record) || !Array.isArray(record.raw_nodes)) throw new Error(`workflow #${index + 1} has no raw_nodes`);
  return {
    id: typeof record.id === 'string' || typeof record.id === 'number' ? String(record.id) : `workflow_${index + 1}`,
    name: typeof record.name === 'string' && record.name.trim() ? record.name.trim() : `Workflow ${index + 1}`,
    status: record.status === 'active' ? 'active' : 'draft',
    nodes: record.raw_nodes.map(node),
    edges: (Array.isArray(record.edges) ? record.edges : []).map(edge),
    ...(Array.isArray(record.source_slugs) ? { source_slugs: record.source_slugs.filter((s): s is string => typeof s === 'string') } : {}),
    ...(record.source_id !== undefined ? { source_id: record.source_id === null ? null : String(record.source_id) } : {}),
  };
}

/** Workflow records (`raw_nodes`), one or `{ workflows: [...] }`. */
export const isWorkflowRecords = (document: unknown): boolean =>
  isObject(document) && !('formatVersion' in document) && (Array.isArray(document.workflows) || Array.isArray(document.raw_nodes));

/** The records as an export document of flow format 2; throws naming what a record lacks. */
export function fromWorkflowRecords(document: unknown): ExportDocument {
  const records = isObject(document) && Array.isArray(document.workflows) ? document.workflows : [document];
  return { format: 'weft-export', formatVersion: 2, exportedAt: new Date().toISOString(), flows: records.map(flow), credentials: [] };
}
