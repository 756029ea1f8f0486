/**
 * @module runtime/services/flows/validate — what makes a flow document sound.
 *
 * Three kinds of findings, because builders save half-built flows (the editor saves as they
 * draw, a draft always saves) but nothing half-built may run:
 * - malformed — the body is not a flow document: nodes or edges not lists, a node or edge that
 *   is not an object, a node without a valid id or a type, values not an object, a bad retry or
 *   onError, an edge without id, source or target, two nodes or two edges with one id. Such a
 *   document cannot even be stored as a draft (400 invalid_flow). So is a flow past the node or
 *   edge count limits (flow-limits.ts), which is checked first and alone.
 * - problems — structure: unknown types, dangling or duplicate connections, handles a node does
 *   not have, edges into the trigger, no or a second trigger, cycles, malformed For Loops, a port
 *   with too many edges or a path deeper than the engine runs (flow-limits.ts).
 * - warnings — field values (missing required values, values of the wrong kind, an unclosed
 *   `{{`, a placeholder reading a node the flow does not have or a field a node with closed
 *   outputs never has) and switches a node of its role may not have (a disabled trigger:
 *   node-switches.ts), each naming its node.
 * A save stores a draft with problems and warnings and answers them; a run or a deploy refuses both.
 */
import type { NodeRole } from '../../../actors/types.ts';
import { ON_ERROR_CHOICES, type OnError } from '../../../contract/errors.ts';
import { INPUT_HANDLE } from '../../../catalogue/handles.ts';
import { pinnedShapeProblems } from '../../../catalogue/pinned-shape.ts';
import { flowLookup, templateProblems } from '../../../catalogue/template-checks.ts';
import type { CatalogueView } from './catalogue-view.ts';
import type { FlowEdge, FlowNode } from '../../../contract/flow-document.ts';
import { graphProblems, loopBody, successors } from './flow-graph.ts';
import { depthProblems, fanOutProblems, sizeFindings } from './flow-limits.ts';
import { readSwitches, switchWarnings } from './node-switches.ts';

/** node-level retry limits (spec 000 §9) */
export const MAX_RETRIES = 5;
export const MAX_RETRY_DELAY_SECONDS = 30;

export interface FlowCheck {
  /** the nodes and edges as they will be stored: only known fields, defaults filled in */
  nodes: FlowNode[];
  edges: FlowEdge[];
  /** not a flow document: cannot even be saved as a draft */
  malformed: string[];
  /** structural: the draft is saved, but cannot run or be deployed */
  problems: string[];
  /** field values: the draft is saved, but cannot run or be deployed */
  warnings: string[];
}

/** Everything that keeps a flow from running or being deployed, in one list. */
export const findingsOf = (check: Pick<FlowCheck, 'malformed' | 'problems' | 'warnings'>): string[] => [...check.malformed, ...check.problems, ...check.warnings];

const slug = /^[A-Za-z_][A-Za-z0-9_]*$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readRetry(id: string, retry: unknown, problems: string[]): FlowNode['retry'] | null {
  if (!isObject(retry)) return problems.push(`Node ${id}: retry must be an object {retries, delay}`), null;
  const retries = Number(retry.retries ?? 0);
  const delay = Number(retry.delay ?? 0);
  if (!Number.isFinite(retries) || retries < 0 || !Number.isFinite(delay) || delay < 0) {
    return problems.push(`Node ${id}: retry.retries and retry.delay must be numbers of 0 or more`), null;
  }
  // Capped rather than refused: the limits are the product's (spec 000 §9), not a builder error.
  return { retries: Math.min(Math.floor(retries), MAX_RETRIES), delay: Math.min(delay, MAX_RETRY_DELAY_SECONDS) };
}

/** Roles whose failure cannot be carried on as data: the run's input, and a loop's own steps. */
const STOPPING_ROLES: ReadonlySet<NodeRole> = new Set(['trigger', 'loopStart', 'loopEnd']);

function readOnError(id: string, onError: unknown, problems: string[]): OnError | null {
  if (ON_ERROR_CHOICES.includes(onError as OnError)) return onError as OnError;
  return problems.push(`Node ${id}: onError must be 'stop' or 'continue'`), null;
}

function readNode(raw: unknown, index: number, problems: string[]): FlowNode | null {
  if (!isObject(raw)) return problems.push(`Node #${index + 1} is not an object`), null;
  const { id, type, position, values, retry, onError } = raw;
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
    values: (values as Record<string, unknown> | undefined) ?? {},
  };
  if (retry !== undefined && retry !== null) {
    const read = readRetry(id, retry, problems);
    if (!read) return null;
    node.retry = read;
  }
  if (onError !== undefined && onError !== null) {
    const read = readOnError(id, onError, problems);
    if (!read) return null;
    // 'stop' is the default: stored as absent, as a retry of nothing is
    if (read === 'continue') node.onError = read;
  }
  if (!readSwitches(node, raw, problems)) return null;
  return node;
}

function readEdge(raw: unknown, index: number, problems: string[]): FlowEdge | null {
  if (!isObject(raw)) return problems.push(`Edge #${index + 1} is not an object`), null;
  const { id, source, target, sourceHandle, targetHandle } = raw;
  if (typeof id !== 'string' || !id) return problems.push(`Edge #${index + 1} has no id`), null;
  if (typeof source !== 'string' || typeof target !== 'string') return problems.push(`Edge ${id} needs a source and a target`), null;
  return {
    id,
    source,
    target,
    sourceHandle: typeof sourceHandle === 'string' && sourceHandle ? sourceHandle : 'out',
    targetHandle: typeof targetHandle === 'string' && targetHandle ? targetHandle : INPUT_HANDLE,
  };
}

/** Check a flow document's nodes and edges against the catalogue. */
export function validateFlow(input: { nodes?: unknown; edges?: unknown }, catalogue: CatalogueView): FlowCheck {
  const malformed: string[] = [];
  const problems: string[] = [];
  const warnings: string[] = [];
  if (!Array.isArray(input.nodes)) malformed.push('A flow needs a list of nodes');
  if (input.edges !== undefined && !Array.isArray(input.edges)) malformed.push('The edges of a flow must be a list');
  // checked first and alone: a flow past the count limits is refused without reading it
  const tooLarge = sizeFindings(Array.isArray(input.nodes) ? input.nodes.length : 0, Array.isArray(input.edges) ? input.edges.length : 0);
  if (tooLarge.length) return { nodes: [], edges: [], malformed: tooLarge, problems, warnings };
  const nodes = (Array.isArray(input.nodes) ? input.nodes : []).map((n, i) => readNode(n, i, malformed)).filter((n) => n !== null);
  const edges = (Array.isArray(input.edges) ? input.edges : []).map((e, i) => readEdge(e, i, malformed)).filter((e) => e !== null);

  const byId = new Map<string, FlowNode>();
  const roles = new Map<string, NodeRole>();
  for (const node of nodes) {
    if (byId.has(node.id)) malformed.push(`Two nodes have the id ${node.id}`);
    byId.set(node.id, node);
    const definition = catalogue.get(node.type);
    if (!definition) {
      problems.push(`Node ${node.id} has an unknown node type '${node.type}'`);
      continue;
    }
    roles.set(node.id, catalogue.roleOf(node.type));
    if (node.onError === 'continue' && STOPPING_ROLES.has(catalogue.roleOf(node.type))) {
      problems.push(`Node ${node.id}: onError 'continue' is not available for a trigger, a For Loop or a Loop End`);
    }
    warnings.push(...switchWarnings(node, catalogue.roleOf(node.type)));
    if (node.pinned) for (const problem of pinnedShapeProblems(definition, node.pinned.output)) warnings.push(`${node.id}: ${problem}`);
    // a disabled node never runs: its values need not be complete
    if (node.disabled) continue;
    for (const problem of catalogue.validateValues(definition, node.values)) warnings.push(`${node.id}: ${problem.message}`);
  }
  // after all ids are known: a placeholder may read a node listed after its own
  const nodeOf = flowLookup(nodes.map((n) => ({ id: n.id, definition: catalogue.get(n.type) })));
  for (const node of nodes) {
    const definition = catalogue.get(node.type);
    if (!definition || node.disabled) continue;
    for (const problem of templateProblems(definition, node.values, nodeOf)) warnings.push(`${node.id}: ${problem.message}`);
  }
  const triggers = nodes.filter((n) => roles.get(n.id) === 'trigger');
  if (triggers.length === 0 && Array.isArray(input.nodes)) problems.push('No trigger node found!');
  if (triggers.length > 1) problems.push(`A flow has one trigger; this one has ${triggers.length}: ${triggers.map((t) => t.id).join(', ')}`);
  // Templates read the trigger's output as {{trigger.output…}}; another node by that id would shadow it.
  const shadow = byId.get('trigger');
  if (shadow && roles.has(shadow.id) && roles.get(shadow.id) !== 'trigger') {
    problems.push("Node trigger: 'trigger' is the alias of the flow's trigger; give this node another id");
  }
  problems.push(...edgeProblems(edges, byId, roles, catalogue));
  const edgeIds = new Set<string>();
  for (const edge of edges) {
    if (edgeIds.has(edge.id)) malformed.push(`Two edges have the id ${edge.id}`);
    edgeIds.add(edge.id);
  }
  problems.push(...fanOutProblems(edges));
  if (problems.length === 0 && malformed.length === 0) {
    const ids = nodes.map((n) => n.id);
    const graph = graphProblems(ids, edges, (id) => roles.get(id)!);
    if (graph.length === 0) graph.push(...loopPairProblems(nodes, edges, roles, catalogue));
    // depth needs a graph without cycles, which graphProblems guarantees when it finds nothing
    problems.push(...(graph.length ? graph : depthProblems(ids, edges, triggers[0].id)));
  }
  return { nodes, edges, malformed, problems, warnings };
}

/** The loop end each kind of loop start closes on: a Supervisor on an Agent Loop End, a For Loop on a Loop End. */
const LOOP_END_OF: Record<string, string> = { agentNode: 'agentLoopEndNode', forLoopNode: 'forLoopEndNode' };

/** A loop start whose (single, by graphProblems) loop end is not its kind's. */
function loopPairProblems(nodes: FlowNode[], edges: FlowEdge[], roles: Map<string, NodeRole>, catalogue: CatalogueView): string[] {
  const out = successors(nodes.map((n) => n.id), edges);
  const typeOf = new Map(nodes.map((n) => [n.id, n.type]));
  const problems: string[] = [];
  for (const node of nodes.filter((n) => roles.get(n.id) === 'loopStart')) {
    const wanted = LOOP_END_OF[catalogue.get(node.type)?.type ?? ''];
    const [end] = loopBody(node.id, out, (id) => roles.get(id)!).ends;
    if (!wanted || !end || typeOf.get(end) === wanted) continue;
    const label = (name: string) => catalogue.get(name)?.label ?? name;
    problems.push(`${label(node.type)} ${node.id} must end at its ${label(wanted)}, not at ${end} (${label(typeOf.get(end) ?? '')})`);
  }
  return problems;
}

function edgeProblems(edges: FlowEdge[], byId: Map<string, FlowNode>, roles: Map<string, NodeRole>, catalogue: CatalogueView): string[] {
  const problems: string[] = [];
  const links = new Set<string>();
  for (const edge of edges) {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) {
      problems.push(`Edge ${edge.id} is dangling: node ${!source ? edge.source : edge.target} does not exist`);
      continue;
    }
    if (edge.source === edge.target) problems.push(`Edge ${edge.id} connects ${edge.source} to itself`);
    const definition = catalogue.get(source.type);
    if (definition) {
      const handles = catalogue.handlesOf(definition, source.values);
      if (!handles.includes(edge.sourceHandle)) {
        problems.push(`Edge ${edge.id} leaves ${source.id} from '${edge.sourceHandle}', which it does not have (it has: ${handles.join(', ') || 'none'})`);
      }
    }
    if (edge.targetHandle !== INPUT_HANDLE) problems.push(`Edge ${edge.id} enters ${target.id} at '${edge.targetHandle}'; nodes take input at '${INPUT_HANDLE}'`);
    if (roles.get(target.id) === 'trigger') problems.push(`Edge ${edge.id} goes into the trigger ${target.id}`);
    const link = `${edge.source}\n${edge.sourceHandle}\n${edge.target}`;
    if (links.has(link)) problems.push(`Edge ${edge.id} repeats a connection from ${edge.source} (${edge.sourceHandle}) to ${edge.target}`);
    links.add(link);
  }
  return problems;
}
