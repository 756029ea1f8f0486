/**
 * @module catalogue/ai/tools — tools an AI node offers the model (spec 000 §3 `tools`), each a
 * function the model may call:
 * - a code tool `{ name, description, parameters (JSON schema), code }`: the code runs like a
 *   Code node's (QuickJS sandbox, the same refused patterns) with `input` = the arguments;
 * - a flow tool `{ flowId, name?, description? }`: another flow of the project, run to its end
 *   as a child run with the arguments as its input; its parameters are its trigger's input
 *   schema, its name the flow's (letters, digits, _ and - kept);
 * - a tool of an MCP server (the MCP node and the tool server of the model nodes, catalogue/ai/tool-server.ts).
 * What a tool returns goes back to the model. A call to a tool the node does not offer fails
 * the node with 'Tool {x} not found', a tool that fails with 'Error executing tool: {cause}'
 * (the cause's kind kept: a flow failing on a passing fault may be retried).
 */
import { isPlainObject, parseJsonish } from '../coerce.ts';
import { isNodeError, NodeError, userError } from '../errors.ts';
import { hasDangerousPattern } from '../logic/code-node/dangerous-patterns.ts';
import { runSandboxed } from '../logic/code-node/sandbox.ts';
import type { NodeContext } from '../types.ts';
import type { ToolCall, ToolSpec } from '../services/models.ts';

export const TOOLS_NOT_ARRAY = 'Tools must be an array';
export const toolNotFound = (name: string) => `Tool ${name} not found`;
export const TOOL_FAILED = 'Error executing tool';

export interface Tool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** run with the model's arguments; `key` names the call within the node's run (stable on a re-run) */
  run(args: unknown, key: string): Promise<ToolAnswer>;
  /** the spec's text a failure of this tool starts with; default 'Error executing tool' */
  failureText?: string;
}

/** A tool call that failed (not the model): a node wrapping the model's errors lets it through. */
export class ToolError extends NodeError {}

/** What a tool gave back, and the child run that gave it (a flow tool). */
export interface ToolAnswer {
  value: unknown;
  runId?: string;
}

/** What the node reports of each call the model made. */
export interface ToolCallRecord {
  id: string;
  name: string;
  arguments: unknown;
  result?: unknown;
  /** the child run a flow tool ran */
  runId?: string;
}

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const OPEN_OBJECT = { type: 'object', properties: {} };

/** The node's `tools` value (JSON text already parsed; [] by default) as the tools it offers. */
export async function prepareTools(value: unknown, ctx: NodeContext<'flows'>): Promise<Tool[]> {
  if (!Array.isArray(value)) throw userError(TOOLS_NOT_ARRAY);
  const tools: Tool[] = [];
  for (const [i, item] of value.entries()) {
    const tool = isPlainObject(item) && typeof item.flowId === 'string' ? await flowTool(item, ctx) : codeTool(item, i, ctx);
    if (tools.some((t) => t.name === tool.name)) throw userError(`Tool ${tool.name} is defined twice`);
    tools.push(tool);
  }
  return tools;
}

function codeTool(item: unknown, i: number, ctx: NodeContext): Tool {
  const name = isPlainObject(item) && typeof item.name === 'string' ? item.name.trim() : '';
  const code = isPlainObject(item) && typeof item.code === 'string' ? item.code : '';
  if (!NAME.test(name)) throw userError(`Tool ${i + 1} needs a name of letters, digits, _ or - (at most 64)`);
  if (!code.trim()) throw userError(`Tool ${name} has no code`);
  if (hasDangerousPattern(code)) throw userError('Cannot execute code with dangerous patterns');
  return {
    name,
    description: isPlainObject(item) && typeof item.description === 'string' ? item.description : '',
    parameters: isPlainObject(item) && isPlainObject(item.parameters) ? item.parameters : OPEN_OBJECT,
    async run(args) {
      const { value } = await runSandboxed(code, { input: args, outputs: ctx.outputs }, { signal: ctx.signal, owner: ctx.projectId, offSlot: ctx.offSlot });
      return { value };
    },
  };
}

async function flowTool(item: Record<string, unknown>, ctx: NodeContext<'flows'>): Promise<Tool> {
  const flowId = String(item.flowId).trim();
  const given = typeof item.name === 'string' ? item.name.trim() : '';
  const flows = ctx.services.flows;
  const flow = await flows.describe(flowId).catch((error: unknown) => {
    throw isNodeError(error) && error.kind === 'user' ? userError(toolNotFound(given || flowId)) : error;
  });
  const name = given || toolName(flow.name);
  if (!NAME.test(name)) throw userError(`Tool ${name} needs a name of letters, digits, _ or - (at most 64)`);
  return {
    name,
    description: typeof item.description === 'string' ? item.description : `Runs the flow "${flow.name}"`,
    parameters: flow.inputSchema,
    async run(args, key) {
      const result = await flows.run(flowId, args, key);
      if (result.status === 'completed' || result.status === 'incomplete') return { value: result.output, runId: result.runId };
      if (result.status === 'timeout') throw new NodeError(`the flow ${flow.name} did not finish in time`, 'timeout');
      throw new NodeError(result.error ?? `the flow ${flow.name} was ${result.status}`, result.errorKind ?? 'unexpected');
    },
  };
}

/** A flow's name as a function name: `Order lookup` → `Order_lookup`. */
function toolName(text: string): string {
  return text.trim().replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64) || 'flow';
}

export function toolSpecs(tools: Tool[]): ToolSpec[] {
  return tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
}

/** Run one call the model made; `key` names it within the node (round and place). */
export async function callTool(tools: Tool[], call: ToolCall, key: string): Promise<{ record: ToolCallRecord; content: string }> {
  const name = call.function.name;
  const parsed = parseJsonish(call.function.arguments || '{}');
  const args = parsed.ok ? parsed.value : call.function.arguments;
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new ToolError(toolNotFound(name), 'user');
  const record: ToolCallRecord = { id: call.id, name, arguments: args };
  let answer: ToolAnswer;
  try {
    answer = await tool.run(args, key);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ToolError(`${tool.failureText ?? TOOL_FAILED}: ${message}`, isNodeError(error) ? error.kind : 'user', { cause: error });
  }
  const { value, runId } = answer;
  record.result = value;
  if (runId) record.runId = runId;
  return { record, content: typeof value === 'string' ? value : JSON.stringify(value ?? null) };
}
