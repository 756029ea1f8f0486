/**
 * @module runtime/compose/http-server — the HTTP server of a weft process: the webhook is
 * answered before Koa (its hottest path), every other request goes through Koa; each production
 * door's answer is counted. `close` stops taking connections, gives waiting callers their grace,
 * then closes what is still open.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callSpans } from '../http/call-span.ts';
import { productionDoorOf } from '../http/production-doors.ts';
import type { WeftMetrics } from '../services/metrics/weft-metrics.ts';

export interface Listening {
  url: string;
  /** stop taking connections; `drain` answers the callers still waiting; then close the rest */
  close(drain: () => Promise<void>): Promise<void>;
}

export async function listen(
  handlers: { webhook(req: IncomingMessage, res: ServerResponse): boolean; app(req: IncomingMessage, res: ServerResponse): void },
  metrics: WeftMetrics,
  address: { port: number; host: string },
  traced = false,
): Promise<Listening> {
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const door = req.method === 'POST' ? productionDoorOf('POST', req.url ?? '', req.headers) : null;
    if (door) res.once('finish', () => metrics.answered(door.trigger, res.statusCode));
    return handlers.webhook(req, res) || handlers.app(req, res);
  };
  // with traces on, each request is a server span (runtime/http/call-span.ts)
  const server = createServer({ keepAliveTimeout: 65_000 }, traced ? callSpans(handle) : handle);
  await new Promise<void>((ok) => server.listen(address.port, address.host, ok));
  const bound = server.address() as AddressInfo;
  const host = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  return {
    url: `http://${host}:${bound.port}`,
    async close(drain) {
      // no new connections; waiting callers get their grace period, then an answer each
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      await drain();
      // the last answers go out, then whatever is still open (keep-alive, streams) is closed
      server.closeIdleConnections();
      await Promise.race([closed, new Promise((ok) => setTimeout(ok, 1000).unref())]);
      server.closeAllConnections();
      await closed;
    },
  };
}
