/**
 * @module editor/testing/drop-proxy — a loopback HTTP proxy in front of weft that can cut every
 * open event stream on demand, so a browser test can drop the studio's SSE connection mid-run.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface DropProxy {
  url: string;
  /** destroy the connections of every open event stream; resolves to how many were cut */
  dropStreams(): number;
  close(): Promise<void>;
}

export async function startDropProxy(target: string): Promise<DropProxy> {
  const upstreamUrl = new URL(target);
  const streams = new Set<Socket>();
  const server = createServer((req, res) => {
    const upstream = request(
      { host: upstreamUrl.hostname, port: upstreamUrl.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        if (String(answer.headers['content-type'] ?? '').includes('text/event-stream')) {
          streams.add(req.socket);
          req.socket.once('close', () => streams.delete(req.socket));
        }
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dropStreams() {
      const count = streams.size;
      for (const socket of streams) socket.destroy();
      streams.clear();
      return count;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
