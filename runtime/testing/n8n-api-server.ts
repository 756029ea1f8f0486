/**
 * @module runtime/testing/n8n-api-server — a loopback server speaking the part of n8n's public
 * REST API weft calls: `GET /api/v1/workflows` with `limit` and `cursor` (pages of `pageSize`,
 * `nextCursor` null on the last), the `X-N8N-API-KEY` header checked (401 otherwise, as n8n
 * answers). It records every request. For tests only.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface N8nApiServer {
  url: string;
  host: string;
  requests: Array<{ method: string; path: string; query: URLSearchParams; apiKey: string | undefined }>;
  close(): Promise<void>;
}

export async function startN8nApiServer(options: { apiKey: string; workflows: Array<Record<string, unknown>>; pageSize: number }): Promise<N8nApiServer> {
  const requests: N8nApiServer['requests'] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const apiKey = req.headers['x-n8n-api-key'] as string | undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, apiKey });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (apiKey !== options.apiKey) return send(401, { message: "'X-N8N-API-KEY' header required" });
    if (req.method !== 'GET' || url.pathname !== '/api/v1/workflows') return send(404, { message: 'not found' });
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), options.pageSize);
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const page = options.workflows.slice(start, start + limit);
    const next = start + limit < options.workflows.length ? String(start + limit) : null;
    send(200, { data: page, nextCursor: next });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
