/**
 * @module runtime/services/mcp-client/mcp-access — sessions with MCP servers for the MCP node and its
 * tool list: the official SDK's Client (named 'weft', version 1.0.0 as spec 002 §7 says) over
 * streamable HTTP or SSE, every request through the outbound client's fetch (the address
 * policy, WEFT_OUTBOUND_ALLOW, checked on each hop, redirects included).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { isNodeError, operationalError, type NodeError } from '../../../catalogue/errors.ts';
import type { McpAccess, McpCallResult, McpServer, McpSession } from '../../../catalogue/services/mcp.ts';
import type { Outbound } from '../outbound/client.ts';
import { outboundFetch } from '../outbound/fetch.ts';

export const MCP_CLIENT = { name: 'weft', version: '1.0.0' };
/** an SSE stream stays open for the session: its exchange may last this long */
const SESSION_LIMITS = { connectTimeoutMs: 10_000, totalTimeoutMs: 300_000, maxResponseBytes: 10 * 1024 * 1024 };

export function mcpAccess(outbound: Outbound): McpAccess {
  const base = outboundFetch(outbound, SESSION_LIMITS);
  return {
    async connect(server: McpServer, signal?: AbortSignal): Promise<McpSession> {
      // the SDK wraps what fetch throws: keep the outbound client's own error (a refused address is the user's)
      let failure: NodeError | undefined;
      const fetch: typeof globalThis.fetch = (input, init) =>
        base(input, init).catch((error: unknown) => {
          if (isNodeError(error)) failure = error;
          throw error;
        });
      const guarded = async <T>(step: () => Promise<T>): Promise<T> => {
        failure = undefined;
        try {
          return await step();
        } catch (error) {
          throw failure ?? (isNodeError(error) ? error : operationalError(error instanceof Error ? error.message : String(error), error));
        }
      };
      const url = new URL(server.url);
      const requestInit = { headers: server.headers, signal };
      // the headers go on every request, the SSE stream's included
      const transport = server.type === 'sse' ? new SSEClientTransport(url, { fetch, requestInit }) : new StreamableHTTPClientTransport(url, { fetch, requestInit });
      const client = new Client(MCP_CLIENT);
      await guarded(() => client.connect(transport));
      return {
        async listTools() {
          const tools = [];
          let cursor: string | undefined;
          do {
            const page = await guarded(() => client.listTools(cursor ? { cursor } : undefined));
            tools.push(...page.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema as Record<string, unknown> })));
            cursor = page.nextCursor;
          } while (cursor);
          return tools;
        },
        async callTool(name, args) {
          return answerOf(await guarded(() => client.callTool({ name, arguments: args })));
        },
        close: () => client.close(),
      };
    },
  };
}

/** A tool's answer: text parts joined, else structured content, else the content as it came. */
function answerOf(result: Record<string, unknown>): McpCallResult {
  const content = Array.isArray(result.content) ? (result.content as { type?: string; text?: string }[]) : [];
  const texts = content.filter((part) => part.type === 'text').map((part) => part.text ?? '');
  const value = texts.length === content.length && texts.length > 0 ? texts.join('\n') : (result.structuredContent ?? result.content ?? result.toolResult ?? null);
  return { value, isError: result.isError === true };
}
