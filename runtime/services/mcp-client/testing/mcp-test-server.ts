/**
 * @module runtime/services/mcp-client/testing/mcp-test-server — a real MCP server made with the SDK's own
 * server classes (McpServer) on loopback, for the MCP node's tests: streamable HTTP (stateless)
 * at `/mcp`, SSE at `/sse` (messages posted to `/messages`). Tools: get_weather {city},
 * add {a, b}, explode (throws). It records every tool call and every request's headers.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

export interface McpTestServer {
  /** `127.0.0.1:PORT`, the WEFT_OUTBOUND_ALLOW entry for it */
  host: string;
  /** `http://127.0.0.1:PORT` */
  url: string;
  calls: { name: string; args: Record<string, unknown> }[];
  headers: IncomingHttpHeaders[];
  close(): Promise<void>;
}

export async function startMcpTestServer(): Promise<McpTestServer> {
  const calls: McpTestServer['calls'] = [];
  const headers: IncomingHttpHeaders[] = [];
  const tools = () => {
    const server = new McpServer({ name: 'weft-test-tools', version: '1.0.0' });
    server.registerTool('get_weather', { description: 'The weather of a city', inputSchema: { city: z.string().describe('the city') } }, async (args) => {
      calls.push({ name: 'get_weather', args });
      return { content: [{ type: 'text', text: `Sunny in ${args.city}` }] };
    });
    server.registerTool('add', { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } }, async (args) => {
      calls.push({ name: 'add', args });
      return { content: [{ type: 'text', text: String(args.a + args.b) }] };
    });
    server.registerTool('explode', { description: 'Always fails', inputSchema: {} }, async (args) => {
      calls.push({ name: 'explode', args });
      throw new Error('the tool exploded');
    });
    return server;
  };
  const sse = new Map<string, SSEServerTransport>();
  const http = createServer(async (req, res) => {
    headers.push(req.headers);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/mcp' && req.method === 'POST') {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => void transport.close());
      await tools().connect(transport);
      await transport.handleRequest(req, res, await jsonBody(req));
    } else if (path === '/sse' && req.method === 'GET') {
      const transport = new SSEServerTransport('/messages', res);
      sse.set(transport.sessionId, transport);
      res.on('close', () => sse.delete(transport.sessionId));
      await tools().connect(transport);
    } else if (path === '/messages' && req.method === 'POST') {
      const transport = sse.get(new URL(req.url ?? '/', 'http://x').searchParams.get('sessionId') ?? '');
      if (!transport) res.writeHead(404).end();
      else await transport.handlePostMessage(req, res, await jsonBody(req));
    } else {
      res.writeHead(405).end();
    }
  });
  await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
  const { port } = http.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    calls,
    headers,
    close: () =>
      new Promise<void>((ok) => {
        http.closeAllConnections();
        http.close(() => ok());
      }),
  };
}

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
}
