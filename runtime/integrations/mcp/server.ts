/**
 * @module runtime/integrations/mcp/server — the MCP server of one project, made per request (the transport
 * is stateless): `tools/list` answers the project's flow tools (tool-list.ts), `tools/call`
 * runs the tool's flow as a production call through the `mcp` door (runtime/core/calls/), so the
 * call is counted, logged, shown live and limited like a webhook call.
 *
 * The SDK's low-level `Server` is used rather than `McpServer`: the tools' input schemas are
 * JSON schemas known only at run time, not zod schemas.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { schemaProblem } from '../../../catalogue/ai/json-schema.ts';
import { isPlainObject } from '../../../catalogue/coerce.ts';
import { REALTIME_WAIT_MS, type CallOutcome, type ProductionCalls } from '../../core/calls/production-call.ts';
import { answerOf, ValidationError } from '../../services/domain-errors.ts';
import type { FlowTool } from './tool-list.ts';

export const MCP_SERVER_INFO = { name: 'weft', version: '1.0.0' };

export interface FlowServerOptions {
  projectId: string;
  tools: FlowTool[];
  calls: Pick<ProductionCalls, 'call'>;
  /** the request's path, as the log record keeps it */
  path: string;
  /** the request's Idempotency-Key (checked): its tool call is idempotent */
  idempotencyKey?: string;
}

export function flowServer(options: FlowServerOptions): Server {
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: options.tools.map(({ name, title, description, inputSchema }) => ({ name, title, description, inputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = options.tools.find((t) => t.name === request.params.name);
    if (!tool) return unknownTool(request.params.name);
    return callFlow(options, tool, request.params.arguments ?? {});
  });
  return server;
}

/**
 * The flow's answer as a tool result. A run that fails and a refused call (arguments that do
 * not fit the tool's input schema, plan limit, a flow undeployed since the list) are tool errors
 * carrying their message; anything unexpected is an
 * internal JSON-RPC error whose detail stays in the server's log.
 */
async function callFlow(options: FlowServerOptions, tool: FlowTool, args: Record<string, unknown>): Promise<CallToolResult> {
  try {
    const outcome = await options.calls.call({
      flowId: tool.flowId,
      policy: { door: 'mcp', access: { by: 'project', projectId: options.projectId }, waitMs: REALTIME_WAIT_MS, late: 'fail' },
      input: () => checkedArguments(tool, args),
      request: { method: 'POST', path: options.path, body: args },
      ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
      // the caller waits for the run's end even when the flow has no response node
      variant: ({ compiled }) => ({ plan: compiled.plan, async: false }),
    });
    return toolResult(outcome);
  } catch (error) {
    const known = answerOf(error);
    if (known) return { content: [{ type: 'text', text: known.message }], isError: true };
    console.error(`[weft] MCP call of ${tool.flowId}:`, error);
    throw new McpError(ErrorCode.InternalError, 'Internal server error');
  }
}

/** What the SDK's McpServer answers for a tool it does not have: a tool error 'MCP error -32602: Tool {name} not found'. */
function unknownTool(name: string): CallToolResult {
  const error = new McpError(ErrorCode.InvalidParams, `Tool ${name} not found`);
  return { content: [{ type: 'text', text: error.message }], isError: true };
}

/** The arguments when they fit the tool's input schema; a refusal (logged, not counted) otherwise. */
function checkedArguments(tool: FlowTool, args: Record<string, unknown>): Record<string, unknown> {
  const problem = schemaProblem(args, tool.inputSchema, 'arguments');
  if (problem) throw new ValidationError(`Invalid arguments for tool ${tool.name}: ${problem}`);
  return args;
}

function toolResult(outcome: CallOutcome): CallToolResult {
  const _meta = { runId: outcome.runId };
  if (outcome.status === 'failed') return { content: [{ type: 'text', text: outcome.failure.message }], isError: true, _meta };
  if (outcome.status === 'running') return { content: [{ type: 'text', text: `The run ${outcome.runId} goes on without an answer` }], _meta };
  const { output } = outcome;
  const text = typeof output === 'string' ? output : JSON.stringify(output ?? null);
  return { content: [{ type: 'text', text }], ...(isPlainObject(output) ? { structuredContent: output } : {}), _meta };
}
