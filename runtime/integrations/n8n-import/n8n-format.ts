/**
 * @module runtime/integrations/n8n-import/n8n-format — the n8n workflow JSON as exported or copied from n8n
 * (`{name, nodes, connections}`; a copy of selected nodes has no name), read strictly enough to
 * refuse what is not one, naming the field, and leniently where n8n itself is lenient.
 */
import { MAX_FLOW_NODES } from '../../services/flows/flow-limits.ts';

/** A connection's end in n8n: the target node's name, the connection type and the target's input index. */
export interface N8nConnectionEnd {
  node: string;
  type: string;
  index: number;
}

export interface N8nNode {
  name: string;
  type: string;
  typeVersion: number;
  position: { x: number; y: number };
  parameters: Record<string, unknown>;
  /** credential slot → the n8n credential's name */
  credentials: Record<string, string>;
  disabled: boolean;
  onError?: string;
  retryOnFail?: boolean;
  maxTries?: number;
  waitBetweenTries?: number;
}

export interface N8nWorkflow {
  name?: string;
  nodes: N8nNode[];
  /** source node name → connection type (main, ai_languageModel…) → output index → ends */
  connections: Record<string, Record<string, N8nConnectionEnd[][]>>;
}

/**
 * Where an n8n position lands on weft's canvas: n8n draws 100-pixel squares about 220 apart, weft
 * draws nodes about 215 pixels wide, so the layout is kept with its columns spread 1.5 times
 * (rows stay: weft's nodes are lower than n8n's).
 */
export const X_SPREAD = 1.5;
export const weftPosition = (at: { x: number; y: number }) => ({ x: Math.round(at.x * X_SPREAD), y: Math.round(at.y) });

/** Input that is not an n8n workflow: `field` is the path of the offending part (nodes[2].type). */
export class N8nFormatError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'N8nFormatError';
  }
}

/** n8n node names are free text; weft keeps them as note text and in problems, so they stay bounded. */
export const MAX_N8N_NAME = 200;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readNode(raw: unknown, field: string): N8nNode {
  if (!isObject(raw)) throw new N8nFormatError(field, 'must be an n8n node object');
  const { name, type, typeVersion, position, parameters, credentials } = raw;
  if (typeof name !== 'string' || !name.trim()) throw new N8nFormatError(`${field}.name`, 'must be the node’s name');
  if (name.length > MAX_N8N_NAME) throw new N8nFormatError(`${field}.name`, `has at most ${MAX_N8N_NAME} characters`);
  if (typeof type !== 'string' || !type) throw new N8nFormatError(`${field}.type`, 'must be an n8n node type such as n8n-nodes-base.webhook');
  if (parameters !== undefined && !isObject(parameters)) throw new N8nFormatError(`${field}.parameters`, 'must be an object');
  const at = Array.isArray(position) ? position : [0, 0];
  const slots: Record<string, string> = {};
  if (isObject(credentials)) {
    for (const [slot, value] of Object.entries(credentials)) {
      const credentialName = isObject(value) ? value.name : value;
      if (typeof credentialName === 'string' && credentialName) slots[slot] = credentialName;
    }
  }
  return {
    name,
    type,
    typeVersion: typeof typeVersion === 'number' && Number.isFinite(typeVersion) ? typeVersion : 1,
    position: { x: Number(at[0]) || 0, y: Number(at[1]) || 0 },
    parameters: (parameters as Record<string, unknown> | undefined) ?? {},
    credentials: slots,
    disabled: raw.disabled === true,
    ...(typeof raw.onError === 'string' ? { onError: raw.onError } : {}),
    ...(raw.retryOnFail === true ? { retryOnFail: true } : {}),
    ...(typeof raw.maxTries === 'number' ? { maxTries: raw.maxTries } : {}),
    ...(typeof raw.waitBetweenTries === 'number' ? { waitBetweenTries: raw.waitBetweenTries } : {}),
  };
}

function readConnections(raw: unknown, names: Set<string>): N8nWorkflow['connections'] {
  if (raw === undefined) return {};
  if (!isObject(raw)) throw new N8nFormatError('connections', 'must be an object keyed by source node name');
  const connections: N8nWorkflow['connections'] = {};
  for (const [source, byType] of Object.entries(raw)) {
    // n8n keeps connections of deleted nodes around; they connect nothing
    if (!names.has(source) || !isObject(byType)) continue;
    connections[source] = {};
    for (const [type, outputs] of Object.entries(byType)) {
      if (!Array.isArray(outputs)) throw new N8nFormatError(`connections["${source}"].${type}`, 'must be a list of outputs');
      connections[source][type] = outputs.map((ends) =>
        (Array.isArray(ends) ? ends : [])
          .filter((end): end is Record<string, unknown> => isObject(end) && typeof end.node === 'string' && names.has(end.node))
          .map((end) => ({ node: end.node as string, type: typeof end.type === 'string' ? end.type : type, index: Number(end.index) || 0 })),
      );
    }
  }
  return connections;
}

/** The workflow, or an N8nFormatError naming the field that keeps it from being one. */
export function readN8nWorkflow(raw: unknown): N8nWorkflow {
  if (!isObject(raw)) throw new N8nFormatError('workflow', 'must be an n8n workflow object {name, nodes, connections}');
  if (!Array.isArray(raw.nodes)) throw new N8nFormatError('nodes', 'must be the list of the n8n workflow’s nodes');
  if (raw.nodes.length === 0) throw new N8nFormatError('nodes', 'the n8n workflow has no nodes');
  if (raw.nodes.length > MAX_FLOW_NODES) throw new N8nFormatError('nodes', `a flow has at most ${MAX_FLOW_NODES} nodes (this workflow has ${raw.nodes.length})`);
  const nodes = raw.nodes.map((node, i) => readNode(node, `nodes[${i}]`));
  const names = new Set<string>();
  for (const [i, node] of nodes.entries()) {
    if (names.has(node.name)) throw new N8nFormatError(`nodes[${i}].name`, `two nodes are named “${node.name}”`);
    names.add(node.name);
  }
  if (!nodes.some((node) => /^(n8n-nodes-|@n8n\/)/.test(node.type))) {
    throw new N8nFormatError('nodes', 'holds no n8n node (types such as n8n-nodes-base.webhook)');
  }
  const name = typeof raw.name === 'string' && raw.name.trim() ? raw.name.trim() : undefined;
  return { ...(name ? { name } : {}), nodes, connections: readConnections(raw.connections, names) };
}
