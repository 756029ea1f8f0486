/**
 * @module runtime/flows/validate — what makes a flow document sound. Structural problems
 * (shape, unknown types, dangling edges, a second trigger, cycles, malformed loops) refuse a
 * save; missing or invalid field values are warnings on save — builders save half-built flows —
 * and refuse a run or a deploy.
 */
import { handlesOf, INPUT_HANDLE, type Registry } from '../../catalogue/registry.ts';
import { validateValues } from '../../catalogue/values.ts';
import type { FlowEdge, FlowNode } from './flow-document.ts';

export interface FlowCheck {
  nodes: FlowNode[];
  edges: FlowEdge[];
  /** structural: the document cannot be saved */
  problems: string[];
  /** field values: the flow can be saved, not run or deployed */
  warnings: string[];
}

const slug = /^[A-Za-z_][A-Za-z0-9_]*$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readNode(raw: unknown, index: number, problems: string[]): FlowNode | null {
  if (!isObject(raw)) return problems.push(`Node #${index + 1} is not an object`), null;
  const { id, type, position, values, retry } = raw;
  if (typeof id !== 'string' || !slug.test(id)) {
    problems.push(`Node #${index + 1} has an invalid id '${String(id)}': use letters, digits and _ (not starting with a digit)`);
    return null;
  }
  if (typeof type !== 'string' || !type) return problems.push(`Node ${id} has no type`), null;
  if (values !== undefined && !isObject(values)) return problems.push(`Node ${id}: values must be an object`), null;
  const node: FlowNode = {
    id,
    type,
    position: isObject(position) ? { x: Number(position.x) || 0, y: Number(position.y) || 0 } : { x: 0, y: 0 },
    values: (values as Record<string, unknown>) ?? {},
  };
  if (retry !== undefined) {
    if (!isObject(retry)) return problems.push(`Node ${id}: retry must be an object {retries, delay}`), null;
    const retries = Number(retry.retries ?? 0);
    const delay = Number(retry.delay ?? 0);
    if (!Number.isFinite(retries) || retries < 0 || !Number.isFinite(delay) || delay < 0) {
      return problems.push(`Node ${id}: retry.retries and retry.delay must be numbers of 0 or more`), null;
    }
    node.retry = { retries: Math.min(Math.floor(retries), 5), delay: Math.min(delay, 30) };
  }
  return node;
}

function readEdge(raw: unknown, index: number, problems: string[]): FlowEdge | null {
  if (!isObject(raw)) return problems.push(`Edge #${index + 1} is not an object`), null;
  const { id, source, target } = raw;
  if (typeof id !== 'string' || !id) return problems.push(`Edge #${index + 1} has no id`), null;
  if (typeof source !== 'string' || typeof target !== 'string') return problems.push(`Edge ${id} needs a source and a target`), null;
  return {
    id,
    source,
    target,
    sourceHandle: typeof raw.sourceHandle === 'string' && raw.sourceHandle ? raw.sourceHandle : 'out',
    targetHandle: typeof raw.targetHandle === 'string' && raw.targetHandle ? raw.targetHandle : INPUT_HANDLE,
  };
}

/** Check a flow document's nodes and edges against the catalogue. */
export function checkFlow(input: { nodes?: unknown; edges?: unknown }, registry: Registry): FlowCheck {
  const problems: string[] = [];
  const warnings: string[] = [];
  if (!Array.isArray(input.nodes)) problems.push('A flow needs a list of nodes');
  if (input.edges !== undefined && !Array.isArray(input.edges)) problems.push('The edges of a flow must be a list');
  const nodes = (Array.isArray(input.nodes) ? input.nodes : []).map((n, i) => readNode(n, i, problems)).filter((n) => n !== null);
  const edges = (Array.isArray(input.edges) ? input.edges : []).map((e, i) => readEdge(e, i, problems)).filter((e) => e !== null);
  const byId = new Map<string, FlowNode>();
  for (const node of nodes) {
    if (byId.has(node.id)) problems.push(`Two nodes have the id ${node.id}`);
    byId.set(node.id, node);
    const entry = registry.get(node.type);
    if (!entry) {
      problems.push(`Node ${node.id} has an unknown node type '${node.type}'`);
      continue;
    }
    for (const problem of validateValues(entry.definition, node.values)) warnings.push(`${node.id}: ${problem.message}`);
  }
  const triggers = nodes.filter((n) => registry.has(n.type) && registry.roleOf(n.type) === 'trigger');
  if (triggers.length === 0 && nodes.length > 0) problems.push('No trigger node found!');
  if (triggers.length > 1) problems.push(`A flow has one trigger; this one has ${triggers.length}: ${triggers.map((t) => t.id).join(', ')}`);

  const edgeIds = new Set<string>();
  const links = new Set<string>();
  for (const edge of edges) {
    if (edgeIds.has(edge.id)) problems.push(`Two edges have the id ${edge.id}`);
    edgeIds.add(edge.id);
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) {
      problems.push(`Edge ${edge.id} is dangling: node ${!source ? edge.source : edge.target} does not exist`);
      continue;
    }
    if (edge.source === edge.target) problems.push(`Edge ${edge.id} connects ${edge.source} to itself`);
    const sourceEntry = registry.get(source.type);
    if (sourceEntry) {
      const handles = handlesOf(sourceEntry.definition, source.values);
      if (!handles.includes(edge.sourceHandle)) {
        problems.push(`Edge ${edge.id} leaves ${source.id} from '${edge.sourceHandle}', which it does not have (it has: ${handles.join(', ') || 'none'})`);
      }
    }
    if (edge.targetHandle !== INPUT_HANDLE) problems.push(`Edge ${edge.id} enters ${target.id} at '${edge.targetHandle}'; nodes take input at '${INPUT_HANDLE}'`);
    if (registry.has(target.type) && registry.roleOf(target.type) === 'trigger') problems.push(`Edge ${edge.id} goes into the trigger ${target.id}`);
    const link = `${edge.source}\n${edge.sourceHandle}\n${edge.target}`;
    if (links.has(link)) problems.push(`Edge ${edge.id} repeats a connection from ${edge.source} to ${edge.target}`);
    links.add(link);
  }
  if (problems.length === 0) problems.push(...graphProblems(nodes, edges, registry));
  return { nodes, edges, problems, warnings };
}

/** Cycles, and loop bodies that are not closed or are entered from outside. */
function graphProblems(nodes: FlowNode[], edges: FlowEdge[], registry: Registry): string[] {
  const problems: string[] = [];
  const out = new Map<string, string[]>(nodes.map((n) => [n.id, []]));
  for (const edge of edges) out.get(edge.source)!.push(edge.target);
  const cycle = findCycle(nodes.map((n) => n.id), out);
  if (cycle) return [`The flow has a cycle (${cycle.join(' → ')}); only a For Loop repeats nodes`];
  const role = (id: string) => registry.roleOf(nodes.find((n) => n.id === id)!.type);
  const closed = new Set<string>();
  for (const start of nodes.filter((n) => role(n.id) === 'loopStart')) {
    const { body, ends } = loopBody(start.id, out, role);
    if (ends.size !== 1) {
      problems.push(`For Loop ${start.id} must reach exactly one Loop End node (it reaches ${ends.size})`);
      continue;
    }
    const end = [...ends][0];
    closed.add(end);
    if ([...body].some((id) => role(id) === 'loopStart')) problems.push('Nested For Loops are not allowed');
    for (const edge of edges) {
      const inside = body.has(edge.target) || edge.target === end;
      if (inside && edge.source !== start.id && !body.has(edge.source)) {
        problems.push(`Edge ${edge.id} enters the loop of ${start.id} from outside it (from ${edge.source})`);
      }
    }
  }
  for (const node of nodes) {
    if (role(node.id) === 'loopEnd' && !closed.has(node.id)) problems.push(`Loop End ${node.id} is not reached by a For Loop`);
  }
  return problems;
}

/** What a loop start reaches before any loop end, and the loop ends it reaches. */
export function loopBody(start: string, out: Map<string, string[]>, role: (id: string) => string) {
  const body = new Set<string>();
  const ends = new Set<string>();
  const queue = [...(out.get(start) ?? [])];
  while (queue.length) {
    const id = queue.shift()!;
    if (role(id) === 'loopEnd') ends.add(id);
    else if (!body.has(id)) {
      body.add(id);
      queue.push(...(out.get(id) ?? []));
    }
  }
  return { body, ends };
}

function findCycle(ids: string[], out: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'open') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'open');
    path.push(id);
    for (const next of out.get(id) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(id, 'done');
    return null;
  };
  for (const id of ids) {
    const found = visit(id);
    if (found) return found;
  }
  return null;
}
