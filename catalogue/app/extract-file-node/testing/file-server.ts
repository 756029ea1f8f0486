/**
 * @module catalogue/app/extract-file-node/testing/file-server — a loopback HTTP server serving
 * the tests' files by path, plus /slow (answers headers, then never finishes its body).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServedFile {
  body: Buffer | string;
  type?: string;
  disposition?: string;
}

export interface FileServer {
  origin: string;
  /** host:port, for the outbound allow list */
  host: string;
  files: Map<string, ServedFile>;
  close(): Promise<void>;
}

export async function startFileServer(): Promise<FileServer> {
  const files = new Map<string, ServedFile>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/slow') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('a,b\n');
      return; // never ends
    }
    const file = files.get(path);
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const headers: Record<string, string> = {};
    if (file.type) headers['content-type'] = file.type;
    if (file.disposition) headers['content-disposition'] = file.disposition;
    response.writeHead(200, headers).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    files,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
