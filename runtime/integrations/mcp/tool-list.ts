/**
 * @module runtime/integrations/mcp/tool-list — a project's flows as MCP tools: every active flow whose
 * trigger takes an input (catalogue/trigger-input.ts) is one tool.
 *
 * Tool names: the flow's name with accents dropped, lower-cased, every run of characters other
 * than letters, digits, `_` and `-` made one `_` (trimmed at both ends; `flow` when nothing is
 * left), at most 64 characters. Flows are taken oldest first, so the older of two flows whose
 * names give the same tool name keeps it and the newer gets `_<flow id>` appended (its name cut
 * to fit 64) — a tool's name stays put while its flow and the older ones are deployed. A tool's
 * `title` (MCP's name for people) is the flow's name as written.
 */
import { triggerInputSchema, triggerOf, type ObjectSchema } from '../../../catalogue/trigger-input.ts';
import type { FlowDocument } from '../../../contract/flow-document.ts';
import { liveOf } from '../../services/flows/live-flows.ts';

/** MCP's limit on a tool name's length */
export const MAX_TOOL_NAME = 64;

export interface FlowTool {
  name: string;
  /** the flow's name as people wrote it, which MCP clients show instead of the slug */
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  flowId: string;
}

/** The tools of a project's live flows (liveOf: active, deployed, oldest first). */
export function flowTools(flows: readonly FlowDocument[]): FlowTool[] {
  const taken = new Set<string>();
  return liveOf(flows).flatMap((flow) => {
    const inputSchema = triggerInputSchema(flow.nodes);
    if (!inputSchema) return [];
    const name = uniqueName(baseName(flow.name), flow.id, taken);
    return [{ name, title: titleOf(flow), description: describe(flow), inputSchema, flowId: flow.id }];
  });
}

/** `Grade a score` → `grade_a_score`. */
export function baseName(flowName: string): string {
  const name = flowName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_TOOL_NAME);
  return name || 'flow';
}

function uniqueName(base: string, flowId: string, taken: Set<string>): string {
  const id = flowId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, MAX_TOOL_NAME - 2);
  const withId = `${base.slice(0, MAX_TOOL_NAME - id.length - 1)}_${id}`;
  let name = taken.has(base) ? withId : base;
  // only a flow named like another's `<name>_<id>` gets here
  for (let n = 2; taken.has(name); n++) name = `${withId.slice(0, MAX_TOOL_NAME - String(n).length - 1)}_${n}`;
  taken.add(name);
  return name;
}

/** The flow's name; its id when the name is blank. */
function titleOf(flow: FlowDocument): string {
  return flow.name.trim() || flow.id;
}

/** The flow's name, and the trigger's `description` when it has one. */
function describe(flow: FlowDocument): string {
  const description = triggerOf(flow.nodes)?.values.description;
  const name = titleOf(flow);
  return typeof description === 'string' && description.trim() ? `${name}: ${description.trim()}` : name;
}
