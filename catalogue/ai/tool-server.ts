/**
 * @module catalogue/ai/tool-server — the tools of an MCP server offered to a model: the MCP
 * node's selected tools, and the tool server of the model nodes (Generate text's `credentials`,
 * spec 000 §3; Generate JSON and Multi-modal take one too). A tool the server does not list is 'Tool {x} not found'; a call the server
 * answers with an error, or that cannot reach it, fails with 'Error calling MCP tool: {cause}'
 * (tools.ts `callTool`, via `failureText`).
 */
import { isNodeError, NodeError, userError } from '../errors.ts';
import type { NodeContext } from '../types.ts';
import { mcpServerOf, type McpSession, type McpToolInfo } from '../services/mcp.ts';
import { prepareTools, toolNotFound, type Tool } from './tools.ts';

export const MCP_TOOL_FAILED = 'Error calling MCP tool';
/** spec 000 §8, the tool server's credential missing */
export const toolServerMissing = (name: string) => `credential ${name} not found! Please add first`;

/** The listed tools named in `selected` (all of them when `selected` is empty), as tools of the model. */
export function mcpTools(listed: McpToolInfo[], selected: string[], session: McpSession): Tool[] {
  const chosen = selected.length ? selected : listed.map((t) => t.name);
  return chosen.map((name) => {
    const tool = listed.find((t) => t.name === name);
    if (!tool) throw userError(toolNotFound(name));
    return {
      name: tool.name,
      description: tool.description ?? '',
      parameters: tool.inputSchema,
      failureText: MCP_TOOL_FAILED,
      async run(args) {
        const answer = await session.callTool(tool.name, typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {});
        if (answer.isError) throw userError(typeof answer.value === 'string' ? answer.value : JSON.stringify(answer.value));
        return { value: answer.value };
      },
    };
  });
}

/** An open tool server: its tools, and the session to close when the node is done. */
export interface OpenToolServer {
  tools: Tool[];
  close(): Promise<void>;
}

/**
 * Connect to the MCP server of the credential `name` and list its tools (those in `selected`,
 * or all). No such credential: 'credential {name} not found! Please add first'. A server that
 * cannot be reached or listed: 'Error calling MCP tool: {reason}', the reason's kind kept.
 */
export async function openToolServer(ctx: NodeContext<'mcp'>, name: string, selected: string[]): Promise<OpenToolServer> {
  const credential = await ctx.credentials.get(name).catch((error: unknown) => {
    throw error instanceof Error && error.message === `No credentials found for ${name}` ? userError(toolServerMissing(name)) : error;
  });
  const server = mcpServerOf(credential);
  const failed = (error: unknown) =>
    new NodeError(`${MCP_TOOL_FAILED}: the tool server ${name}: ${error instanceof Error ? error.message : String(error)}`, isNodeError(error) ? error.kind : 'operational', { cause: error });
  const session = await ctx.services.mcp.connect(server, ctx.signal).catch((error: unknown) => {
    throw failed(error);
  });
  try {
    const listed = await session.listTools().catch((error: unknown) => {
      throw failed(error);
    });
    return { tools: mcpTools(listed, selected, session), close: () => session.close().catch(() => undefined) };
  } catch (error) {
    await session.close().catch(() => undefined);
    throw error;
  }
}

/** A model node's tool values: its own tools, and its tool server (an MCP server credential) with the server tools chosen. */
export interface NodeToolValues {
  tools: unknown;
  credentials?: string;
  serverTools?: unknown[];
}

/**
 * Run `work` with the node's own tools and its tool server's (every tool once: 'Tool {x} is
 * defined twice' otherwise); the server's session is closed when `work` is done, however it ends.
 */
export async function withNodeTools<T>(ctx: NodeContext<'mcp' | 'flows'>, values: NodeToolValues, work: (tools: Tool[]) => Promise<T>): Promise<T> {
  const own = await prepareTools(values.tools, ctx);
  const name = values.credentials?.trim();
  const server = name ? await openToolServer(ctx, name, (values.serverTools ?? []).map(String)) : undefined;
  try {
    const tools = [...own, ...(server?.tools ?? [])];
    const twice = tools.find((tool, i) => tools.findIndex((t) => t.name === tool.name) !== i);
    if (twice) throw userError(`Tool ${twice.name} is defined twice`);
    return await work(tools);
  } finally {
    await server?.close();
  }
}
