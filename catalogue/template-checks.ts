/**
 * @module catalogue/template-checks — placeholders that cannot work, found before any run: an
 * unclosed `{{` (it would be read as plain text), a reference to a node the flow does not have,
 * and a field a node with closed outputs never has (each would resolve to nothing). Browser-safe:
 * the flow check (runtime/services/flows/validate.ts: Run and Deploy refuse these) and the editor's form
 * and canvas share it.
 */
import { eachString, TRIGGER_ALIAS } from './template.ts';
import { PLACEHOLDER, parsePlaceholder } from './template-path.ts';
import type { NodeDefinition, Values } from './types.ts';
import { applyDefaults, isFieldVisible, type ValueProblem } from './values.ts';

/** How much of an unclosed placeholder a message quotes. */
const QUOTED = 40;
/** The field every node's output may hold: a failure carried on under On error: continue. */
const CONTINUED_ERROR = 'error';

/** A node of the flow as the checks see it: its definition when its type is known. */
export interface FlowNodeRef {
  definition?: NodeDefinition;
}

/** What the checks know of a flow's nodes. */
export interface NodeLookup {
  /** the flow's node of that id (`trigger`: the flow's trigger), or undefined when it has none */
  node(id: string): FlowNodeRef | undefined;
  /** every node id, for suggesting the one a reference meant */
  ids: readonly string[];
}

/** A lookup over a flow's nodes; `trigger` reads the node whose definition is a trigger, as runs do. */
export function flowLookup(nodes: Iterable<{ id: string; definition?: NodeDefinition }>): NodeLookup {
  const byId = new Map<string, FlowNodeRef>();
  let trigger: FlowNodeRef = {};
  for (const node of nodes) {
    byId.set(node.id, node);
    if (node.definition?.isTrigger) trigger = node;
  }
  return { node: (id) => (id === TRIGGER_ALIAS ? trigger : byId.get(id)), ids: [...byId.keys()] };
}

/**
 * The template faults in a node instance's values, by field: every string of a shown,
 * non-literal field (condition operands and mapping rows included), each fault once a field.
 */
export function templateProblems(definition: NodeDefinition, values: Values, nodeOf: NodeLookup): ValueProblem[] {
  const all = applyDefaults(definition, values);
  const problems: ValueProblem[] = [];
  for (const field of definition.inputs) {
    if (field.literal || !isFieldVisible(field, all)) continue;
    const said = new Set<string>();
    const say = (key: string, message: string) => {
      if (!said.has(key)) problems.push({ field: field.name, message });
      said.add(key);
    };
    eachString(all[field.name], (text) => {
      const open = unclosedAt(text);
      if (open >= 0) say(text.slice(open), `${field.label} has an unclosed {{ in '${quote(text.slice(open))}'`);
      for (const [written, expression] of text.matchAll(PLACEHOLDER)) {
        const placeholder = parsePlaceholder(expression);
        if (placeholder.kind !== 'ref') continue;
        const fault = referenceFault(placeholder.nodeId, placeholder.path[0], nodeOf);
        if (fault) say(fault, `${field.label} reads ${written}, but ${fault}`);
      }
    });
  }
  return problems;
}

/** Why `{{nodeId.output.first…}}` cannot resolve, or '' when it may. */
function referenceFault(nodeId: string, first: string | undefined, nodeOf: NodeLookup): string {
  const node = nodeOf.node(nodeId);
  if (!node) {
    const near = closestName(nodeId, nodeOf.ids);
    return `the flow has no node ${nodeId}${near ? `: did you mean ${near}?` : ''}`;
  }
  const fields = closedFields(node.definition);
  if (first === undefined || !fields || fields.includes(first)) return '';
  const who = nodeId === TRIGGER_ALIAS ? `the trigger (${node.definition!.label})` : `${nodeId} (${node.definition!.label})`;
  const near = closestName(first, fields);
  return `${who} has no output field '${first}': ${near ? `did you mean ${near}?` : `its fields are ${fields.join(', ')}`}`;
}

/** The only fields a node's output may hold, or undefined when its output is open. */
export function closedFields(definition: NodeDefinition | undefined): string[] | undefined {
  if (!definition?.closedOutputs) return undefined;
  return [...definition.outputs.map((o) => o.name), CONTINUED_ERROR];
}

/**
 * The name in `names` that `name` most likely meant: the same but for case, one holding the
 * other (`message` → `chatMessage`, `query` → `searchQuery`), or a few letters apart.
 */
export function closestName(name: string, names: readonly string[]): string | undefined {
  const wanted = name.toLowerCase();
  let best: { name: string; score: number } | undefined;
  for (const candidate of names) {
    const other = candidate.toLowerCase();
    const shorter = Math.min(wanted.length, other.length);
    const contains = shorter >= 3 && (other.includes(wanted) || wanted.includes(other));
    const distance = editDistance(wanted, other);
    const score = other === wanted ? 0 : contains ? 1 : distance <= Math.max(1, Math.floor(shorter / 3)) ? 1 + distance : Infinity;
    if (score < (best?.score ?? Infinity)) best = { name: candidate, score };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}

/** Where a `{{` with no `}}` after it starts; -1 when every `{{` is closed. */
function unclosedAt(text: string): number {
  const lastClose = text.lastIndexOf('}}');
  return text.indexOf('{{', lastClose < 0 ? 0 : lastClose + 2);
}

function quote(text: string): string {
  return text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text;
}
