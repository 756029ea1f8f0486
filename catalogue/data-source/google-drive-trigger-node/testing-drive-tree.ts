/**
 * @module catalogue/data-source/google-drive-trigger-node/testing-drive-tree — a loopback server
 * speaking the Google Drive API v3 over a small tree of files the test may change: `files.list`
 * (`'<id>' in parents`, or every folder), a file's bytes (`alt=media`) and a Google Doc's export;
 * it refuses any other bearer token and records every request (startLoopbackApi).
 */
import { startLoopbackApi, type LoopbackApi } from '../../testing/loopback-api.ts';

export const DRIVE_TOKEN = 'ya29.drive-access-token';
export const FOLDER = 'application/vnd.google-apps.folder';

export interface TreeFile {
  id: string;
  name: string;
  mimeType: string;
  parent: string;
  modifiedTime: string;
  bytes?: Uint8Array | string;
}

export type DriveTree = LoopbackApi & { base: string; files: TreeFile[] };

export async function startDriveTree(files: TreeFile[]): Promise<DriveTree> {
  const api = await startLoopbackApi((request) => {
    const url = new URL(request.url, 'http://x');
    if (request.headers.authorization !== `Bearer ${DRIVE_TOKEN}`) return { status: 401, body: { error: { code: 401, message: 'Invalid Credentials' } } };
    const [, , , files_, id, action] = url.pathname.split('/');
    if (files_ !== 'files') return { status: 404, body: { error: { code: 404 } } };
    if (!id) {
      const q = url.searchParams.get('q') ?? '';
      const parent = q.match(/^'([^']+)' in parents and trashed = false$/)?.[1];
      const listed = parent ? files.filter((f) => f.parent === parent) : q === `mimeType = '${FOLDER}' and trashed = false` ? files.filter((f) => f.mimeType === FOLDER) : null;
      if (!listed) return { status: 400, body: { error: { code: 400, message: `Invalid query: ${q}` } } };
      return { body: { files: listed.map(({ id, name, mimeType, modifiedTime }) => ({ id, name, mimeType, modifiedTime })) } };
    }
    const file = files.find((f) => f.id === id);
    if (!file) return { status: 404, body: { error: { code: 404, message: `File not found: ${id}` } } };
    const exporting = action === 'export' && file.mimeType.startsWith('application/vnd.google-apps.');
    if (!exporting && url.searchParams.get('alt') !== 'media') return { status: 400, body: { error: { code: 400 } } };
    return { headers: { 'content-type': 'application/octet-stream' }, body: typeof file.bytes === 'string' ? file.bytes : (file.bytes ?? new Uint8Array()) };
  });
  return Object.assign(api, { base: `${api.url}/drive/v3`, files });
}
