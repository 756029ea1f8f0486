/**
 * @module catalogue/testing/loopback-api — a loopback HTTP server a test gives the answers of a
 * public API (Slack, Microsoft Graph, the Bot Framework, a token endpoint…), recording every
 * request it gets (method, path with query, headers, body) so the test asserts the exact calls.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  /** path and query, as sent */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** an object is sent as JSON, bytes (a file's) as they are */
  body?: unknown;
}

export type Responder = (request: SeenRequest) => Answer | Promise<Answer>;

export interface LoopbackApi {
  /** http://127.0.0.1:<port> */
  url: string;
  /** `127.0.0.1:<port>`, for allowOutbound / outboundAllow */
  hostPort: string;
  seen: SeenRequest[];
  /** what the server answers from now on */
  respond(responder: Responder): void;
  close(): Promise<void>;
}

export async function startLoopbackApi(responder: Responder = () => ({ status: 404, body: { error: 'not found' } })): Promise<LoopbackApi> {
  let current = responder;
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(request);
      try {
        const answer = await current(request);
        const raw = typeof answer.body === 'string' || answer.body instanceof Uint8Array;
        const json = !raw && answer.body !== undefined;
        res.writeHead(answer.status ?? 200, { ...(json ? { 'content-type': 'application/json' } : {}), ...answer.headers });
        res.end(json ? JSON.stringify(answer.body) : (answer.body as string | Uint8Array | undefined));
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    seen,
    respond: (next) => void (current = next),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
