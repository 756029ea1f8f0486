/**
 * @module catalogue/app/cloud-drive-read-node/testing-drive-api — a loopback server speaking the
 * Google Drive API v3's files.list (two pages of a folder's files; folder 'endless' pages without
 * end), recording each request.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const DRIVE_FILES = [
  { id: 'f1', name: 'handbook.pdf', mimeType: 'application/pdf', modifiedTime: '2026-11-01T10:00:00.000Z', size: '1024', webViewLink: 'https://drive/f1' },
  { id: 'f2', name: 'notes.txt', mimeType: 'text/plain', modifiedTime: '2026-11-02T10:00:00.000Z', size: '12', webViewLink: 'https://drive/f2' },
];

export interface DriveApi {
  url: string;
  host: string;
  requests: Array<{ path: string; query: Record<string, string>; authorization?: string }>;
  close(): Promise<void>;
}

export async function startDriveApi(token: string): Promise<DriveApi> {
  const requests: DriveApi['requests'] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), authorization: request.headers.authorization });
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.headers.authorization !== `Bearer ${token}`) return json(401, { error: { code: 401, message: 'Invalid Credentials' } });
    if (url.pathname !== '/drive/v3/files') return json(404, { error: { code: 404, message: 'Not Found' } });
    // folder 'endless' answers the same next page again and again, with nothing in it
    if (url.searchParams.get('q')?.startsWith("'endless'")) return json(200, { nextPageToken: 'again', files: [] });
    if (url.searchParams.get('pageToken') === 'page2') return json(200, { files: [DRIVE_FILES[1]] });
    return json(200, { nextPageToken: 'page2', files: [DRIVE_FILES[0]] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/drive/v3`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
