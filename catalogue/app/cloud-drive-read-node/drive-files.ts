/**
 * @module catalogue/app/cloud-drive-read-node/drive-files — Google Drive API v3 calls shared by
 * Cloud Drive Read, the Google Drive data source (its reader, runtime/services/sync-sources/google-drive.ts)
 * and its folder dropdown: a folder id from its link, one folder's children (every page of
 * `files.list`, `q='<id>' in parents`), a JSON GET and a file's bytes, each with the
 * credential's access token and the Drive API's refusals as node errors.
 */
import { isNodeError, operationalError, userError } from '../../errors.ts';
import { outboundError, statusError, type OutboundClient, type OutboundResponse } from '../../outbound.ts';

export const DRIVE_ERROR = 'Google Drive';
export const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';
/** the fields of each file the callers read */
export const FILE_FIELDS = 'id, name, mimeType, modifiedTime, size, webViewLink';

export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  modifiedTime: string;
  size?: string;
  webViewLink?: string;
}

/** a Google API (Drive, Sheets) as one credential reaches it */
export interface GoogleAccess {
  http: OutboundClient;
  /** `serviceUrl('googleDrive')` or `serviceUrl('googleSheets')` */
  base: string;
  token: string;
  signal?: AbortSignal;
}

/** The id in a folder link (…/folders/<id>, ?id=<id>) or the text itself when it is an id. */
export function folderIdOf(text: string): string {
  const value = text.trim();
  const fromPath = value.match(/\/folders\/([\w-]+)/)?.[1];
  const fromQuery = /^https?:/i.test(value) && URL.canParse(value) ? new URL(value).searchParams.get('id') : null;
  const id = fromPath ?? fromQuery ?? (/^[\w-]+$/.test(value) ? value : undefined);
  if (!id) throw userError(`${DRIVE_ERROR}: not a folder link or id: ${value.slice(0, 200)}`);
  return id;
}

/** One GET with the bearer token: the answer, or the API's refusal / the network's failure as '<prefix>: …'. */
export async function googleGet(access: GoogleAccess, url: string, prefix: string, maxResponseMB?: number): Promise<OutboundResponse> {
  let response;
  try {
    response = await access.http.request({ url, headers: { authorization: `Bearer ${access.token}` }, signal: access.signal, maxResponseMB });
  } catch (error) {
    if (access.signal?.aborted || !isNodeError(error)) throw error;
    throw outboundError(prefix, error);
  }
  if (!response.ok) throw statusError(prefix, response);
  return response;
}

/** A GET answering JSON. */
export async function googleJson<T>(access: GoogleAccess, url: string, prefix: string): Promise<T> {
  const response = await googleGet(access, url, prefix);
  try {
    return JSON.parse(response.text()) as T;
  } catch {
    throw operationalError(`${prefix}: the answer is not JSON`);
  }
}

/** The files of a folder (folders included, trash left out), every page up to `max`. */
export function listDriveFolder(access: GoogleAccess, folderId: string, max: number): Promise<DriveFile[]> {
  return listDriveFiles(access, `'${folderId}' in parents and trashed = false`, max);
}

/** The files a `files.list` query finds (every drive the account reaches), every page up to `max`. */
export async function listDriveFiles(access: GoogleAccess, q: string, max: number): Promise<DriveFile[]> {
  const files: DriveFile[] = [];
  const asked = new Set<string>();
  let pageToken: string | undefined;
  do {
    const query = new URLSearchParams({
      q,
      fields: `nextPageToken, files(${FILE_FIELDS})`,
      pageSize: '100',
      supportsAllDrives: 'true',
      includeItemsFromAllDrives: 'true',
    });
    if (pageToken) query.set('pageToken', pageToken);
    const page = await googleJson<{ files?: DriveFile[]; nextPageToken?: string }>(access, `${access.base}/files?${query}`, DRIVE_ERROR);
    files.push(...(page.files ?? []));
    // a page token answered twice would be asked for for ever: the API's fault
    if (page.nextPageToken && asked.has(page.nextPageToken)) throw operationalError(`${DRIVE_ERROR}: the answer repeats page ${page.nextPageToken.slice(0, 100)}`);
    pageToken = page.nextPageToken;
    if (pageToken) asked.add(pageToken);
  } while (pageToken && files.length < max);
  return files.slice(0, max);
}
