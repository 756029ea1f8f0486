/**
 * @module catalogue/services/mcp — what the MCP node asks of the runtime (`ctx.services.mcp`): a
 * session with an MCP server (runtime/services/mcp-client/), its tools listed and called. The server
 * is an MCP Server credential (spec 002 §3): its host URL, its transport and its headers.
 */
import { isPlainObject, parseJsonish } from '../coerce.ts';
import { userError } from '../errors.ts';

export interface McpServer {
  url: string;
  type: 'http' | 'sse';
  headers: Record<string, string>;
}

export interface McpToolInfo {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

export interface McpCallResult {
  /** the tool's answer: its text content joined, else its structured or raw content */
  value: unknown;
  /** the tool said it failed; `value` is its message */
  isError: boolean;
}

export interface McpSession {
  listTools(): Promise<McpToolInfo[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<McpCallResult>;
  close(): Promise<void>;
}

export interface McpAccess {
  /** connect (the outbound policy applies to the host); a failure throws with the reason */
  connect(server: McpServer, signal?: AbortSignal): Promise<McpSession>;
}

/** An MCP Server credential's fields as the server to connect to. */
export function mcpServerOf(credential: Record<string, unknown>): McpServer {
  const url = typeof credential.hostUrl === 'string' ? credential.hostUrl.trim().replace(/\/+$/, '') : '';
  if (!url) throw userError('The MCP Server credential has no Host URL');
  const parsed = parseJsonish(credential.headers ?? {});
  const raw = parsed.ok && isPlainObject(parsed.value) ? parsed.value : {};
  const headers = Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, String(value)]));
  return { url, type: credential.type === 'sse' ? 'sse' : 'http', headers };
}
