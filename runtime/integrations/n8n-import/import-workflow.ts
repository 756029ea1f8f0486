/**
 * @module runtime/integrations/n8n-import/import-workflow — an n8n workflow JSON as a weft draft: nodes by
 * their mappers (node-table.ts), connections as edges, positions kept (columns spread to weft's wider nodes), sticky notes as notes,
 * and every node, connection or expression that could not be carried over in `problems`, by
 * its n8n name (and in a note on the draft). Pure: no HTTP, no store; the caller saves the draft
 * through the flow check like any other.
 */
import type { FlowEdge, FlowNode, StickyNote } from '../../../contract/flow-document.ts';
import type { ImportProblem } from '../../../contract/n8n-import.ts';
import { STICKY_NOTE_LIMITS } from '../../../contract/sticky-notes.ts';
import { TRIGGER_ALIAS } from '../../../catalogue/template.ts';
import { MAX_RETRIES, MAX_RETRY_DELAY_SECONDS } from '../../services/flows/validate.ts';
import { edgesOf } from './connections.ts';
import { translateValue, type RefBase } from './expressions.ts';
import type { MapContext, Mapped } from './mapper-types.ts';
import { readN8nWorkflow, weftPosition, type N8nNode } from './n8n-format.ts';
import { n8nGraph } from './n8n-graph.ts';
import { NODE_TABLE, STICKY_NOTE_TYPE, placeholder } from './node-table.ts';
import { References, type ImportedIds } from './references.ts';
import { problemsNote, stickyNoteOf } from './sticky-notes.ts';

export interface ImportedDraft {
  /** the n8n workflow's name, when it has one */
  name?: string;
  nodes: FlowNode[];
  edges: FlowEdge[];
  notes: StickyNote[];
  problems: ImportProblem[];
}

/** `HTTP Request` → `http_request`: a weft id (letters, digits, _; not starting with a digit; never `trigger`). */
function slugOf(name: string, taken: Set<string>): string {
  let stem = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || 'node';
  if (/^\d/.test(stem)) stem = `n_${stem}`;
  if (stem === TRIGGER_ALIAS) stem = 'trigger_node';
  let slug = stem;
  for (let n = 2; taken.has(slug); n++) slug = `${stem}_${n}`;
  taken.add(slug);
  return slug;
}

/** Node-level settings n8n and weft share: disabled, continue on fail, retries. */
function settingsOf(node: N8nNode, mapped: Mapped): Partial<FlowNode> {
  const settings: Partial<FlowNode> = {};
  if (node.disabled) settings.disabled = true;
  const stops = NODE_TABLE[node.type]?.trigger || mapped.loopEnd;
  if (!stops && (node.onError === 'continueRegularOutput' || node.onError === 'continueErrorOutput')) settings.onError = 'continue';
  if (node.retryOnFail) {
    const retries = Math.min(Math.max((node.maxTries ?? 3) - 1, 1), MAX_RETRIES);
    settings.retry = { retries, delay: Math.min((node.waitBetweenTries ?? 1000) / 1000, MAX_RETRY_DELAY_SECONDS) };
  }
  return settings;
}

export function importN8nWorkflow(raw: unknown): ImportedDraft {
  const workflow = readN8nWorkflow(raw);
  const graph = n8nGraph(workflow);
  const byName = new Map(workflow.nodes.map((n) => [n.name, n]));
  const problems: ImportProblem[] = [];
  const report = (node: string, message: string, field?: string) => {
    if (!problems.some((p) => p.node === node && p.message === message && p.field === field)) problems.push({ node, message, ...(field ? { field } : {}) });
  };
  const stickies = workflow.nodes.filter((n) => n.type === STICKY_NOTE_TYPE);
  const steps = workflow.nodes.filter((n) => n.type !== STICKY_NOTE_TYPE && !graph.subNodes.has(n.name));
  const taken = new Set<string>();
  const ids: ImportedIds = { idOf: new Map(steps.map((n) => [n.name, slugOf(n.name, taken)])), endOf: (name) => `${ids.idOf.get(name)}_end` };
  const references = new References(graph, byName, ids);
  const takenSubNodes = new Set<string>();

  const mapped = new Map<string, Mapped>();
  const nodes: FlowNode[] = [];
  for (const node of steps) {
    const id = ids.idOf.get(node.name)!;
    const problem = (message: string, field?: string) => report(node.name, message, field);
    const resolve = (base: RefBase, path: string[], items = false) => {
      if (base.kind === 'input' && references.sources(node.name).length > 1) problem('has several inputs; $json was read from the first');
      return references.resolve(node.name, base, path, items);
    };
    const value = (rawValue: unknown, field: string) =>
      translateValue(rawValue, resolve, (miss) => problem(`${miss.expression}: ${miss.reason}; kept as written`, field));
    const ctx: MapContext = {
      node,
      id,
      value,
      text(rawValue, field) {
        const translated = value(rawValue, field);
        if (translated === undefined || translated === null) return '';
        return typeof translated === 'object' ? JSON.stringify(translated) : String(translated);
      },
      problem,
      credential(field, kind) {
        const name = Object.values(node.credentials)[0];
        if (name) problem(`uses the n8n credential “${name}”: add a “${kind}” credential of that name to the project`, field);
        return name;
      },
      input: (path = []) => resolve({ kind: 'input' }, path),
      inputItems: () => resolve({ kind: 'input' }, [], true),
      ref: (name, path = []) => resolve({ kind: 'node', name }, path),
      output: (name) => references.output(node.name, name === undefined ? { kind: 'input' } : { kind: 'node', name }),
      inputsAt: (index) => graph.forwardInputsOf(node.name).filter((l) => l.inputIndex === index).map((l) => l.source),
      take(type) {
        const subNodes = graph.subNodesOf(node.name, type).map((name) => byName.get(name)!);
        for (const sub of subNodes) takenSubNodes.add(sub.name);
        return subNodes;
      },
    };
    const mapper = NODE_TABLE[node.type];
    if (!mapper) problem(`the node type ${node.type} has no weft counterpart: a placeholder Code node stands in its place`);
    const own = mapper?.map(ctx) ?? null;
    if (mapper && !own) problem('a placeholder Code node stands in its place');
    const result = own ?? placeholder(node);
    mapped.set(node.name, result);
    const position = weftPosition(node.position);
    nodes.push({ id, type: result.type, position, values: result.values, ...settingsOf(node, result) });
    if (result.loopEnd) nodes.push({ id: ids.endOf(node.name), type: 'forLoopEndNode', position: { x: position.x + 260, y: position.y + 180 }, values: {} });
  }
  for (const [name, uses] of graph.subNodes) {
    if (takenSubNodes.has(name)) continue;
    const node = byName.get(name)!;
    for (const use of uses) report(name, `the ${use.type.replace(/^ai_/, '')} sub-node (${node.type}) of “${use.parent}” has no weft counterpart and was not imported`);
  }
  const edges = edgesOf(graph, mapped, ids, problems);
  const notes = stickies.slice(0, STICKY_NOTE_LIMITS.notes - 1).map(stickyNoteOf);
  for (const dropped of stickies.slice(STICKY_NOTE_LIMITS.notes - 1)) report(dropped.name, `a flow has at most ${STICKY_NOTE_LIMITS.notes} notes: this sticky note was not imported`);
  if (problems.length) notes.push(problemsNote(problems, [...nodes, ...notes]));
  return { ...(workflow.name ? { name: workflow.name } : {}), nodes, edges, notes, problems };
}
