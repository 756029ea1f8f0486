/** @module runtime/http/testing/serve-app — a Koa app on a loopback port for in-process route tests. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface ServedApp {
  url: string;
  /** a JSON request (the body is sent as JSON unless it is a string) */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** a JSON request that must succeed; answers the parsed body */
  json<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function serveApp(app: Koa): Promise<ServedApp> {
  const server = createServer(app.callback());
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    url,
    request,
    async json<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await request(method, path, body);
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
