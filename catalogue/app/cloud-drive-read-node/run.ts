/**
 * @module catalogue/app/cloud-drive-read-node/run — lists the folder through the Drive API v3
 * (`GET {googleDrive}/files?q='<id>' in parents`, the credential's access token, every page of
 * the answer up to MAX_FILES), then stops the run as not complete (`stopIncomplete`: finish-1.lua
 * marks the run 'incomplete' and emits run.incomplete).
 */
import { defineNode } from '../../define-node.ts';
import { isNodeError, operationalError, userError } from '../../errors.ts';
import { outboundError, statusError } from '../../outbound.ts';
import type { NodeContext } from '../../types.ts';
import { definition } from './definition.ts';

export const DRIVE_ERROR = 'Google Drive';
export const STOPPED_MESSAGE = 'The folder is read by the scheduled data sync; the run stops here as not complete';
/** files listed at most (pages of 100) */
export const MAX_FILES = 1000;

export default defineNode(definition, async (values, ctx) => {
  const folderId = folderIdOf(values.folderUrl);
  const fields = await ctx.credentials.get(values.credentials);
  const token = typeof fields.access_token === 'string' ? fields.access_token : '';
  if (!token) throw userError(`${DRIVE_ERROR}: the credential ${values.credentials} has no access_token (connect it again)`);
  const files = await listFolder(folderId, token, ctx);
  return { output: { folderId, files, message: STOPPED_MESSAGE }, stopIncomplete: true };
});

/** The id in a folder link (…/folders/<id>, ?id=<id>) or the text itself when it is an id. */
export function folderIdOf(text: string): string {
  const value = text.trim();
  const fromPath = value.match(/\/folders\/([\w-]+)/)?.[1];
  const fromQuery = /^https?:/i.test(value) ? new URL(value).searchParams.get('id') : null;
  const id = fromPath ?? fromQuery ?? (/^[\w-]+$/.test(value) ? value : undefined);
  if (!id) throw userError(`${DRIVE_ERROR}: not a folder link or id: ${value.slice(0, 200)}`);
  return id;
}

async function listFolder(folderId: string, token: string, ctx: NodeContext): Promise<unknown[]> {
  const files: unknown[] = [];
  const asked = new Set<string>();
  let pageToken: string | undefined;
  do {
    const query = new URLSearchParams({
      q: `'${folderId}' in parents and trashed = false`,
      fields: 'nextPageToken, files(id, name, mimeType, modifiedTime, size, webViewLink)',
      pageSize: '100',
      supportsAllDrives: 'true',
      includeItemsFromAllDrives: 'true',
    });
    if (pageToken) query.set('pageToken', pageToken);
    let response;
    try {
      response = await ctx.http.request({ url: `${ctx.serviceUrl('googleDrive')}/files?${query}`, headers: { authorization: `Bearer ${token}` } });
    } catch (error) {
      if (ctx.signal.aborted || !isNodeError(error)) throw error;
      throw outboundError(DRIVE_ERROR, error);
    }
    if (!response.ok) throw statusError(DRIVE_ERROR, response);
    let page: { files?: unknown[]; nextPageToken?: string };
    try {
      page = JSON.parse(response.text()) as typeof page;
    } catch {
      throw operationalError(`${DRIVE_ERROR}: the answer is not JSON`);
    }
    files.push(...(page.files ?? []));
    // a page token answered twice would be asked for for ever: the API's fault
    if (page.nextPageToken && asked.has(page.nextPageToken)) throw operationalError(`${DRIVE_ERROR}: the answer repeats page ${page.nextPageToken.slice(0, 100)}`);
    pageToken = page.nextPageToken;
    if (pageToken) asked.add(pageToken);
  } while (pageToken && files.length < MAX_FILES);
  return files.slice(0, MAX_FILES);
}
