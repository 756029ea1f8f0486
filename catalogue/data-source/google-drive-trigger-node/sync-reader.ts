/**
 * @module catalogue/data-source/google-drive-trigger-node/sync-reader — the Google Drive source's SourceReader (spec 001
 * §3–§5): walks the folder and the folders below it (Drive API v3 `files.list`, shared with Cloud
 * Drive Read: drive-files.ts), keeps the files whose path below the folder matches the globs and,
 * when incremental, those modified after the cursor (modifiedTime, then id), oldest first;
 * downloads each (`alt=media`; Google Docs and Slides exported as text, Sheets as CSV), turns it
 * into text with Extract from File's parsers and starts one run with `{document_key, content}`.
 * A file no parser reads, or over the outbound client's largest answer (100 MB), is skipped (spec 001 §9).
 */
import { accessTokenOf } from '../../app/access-token.ts';
import {
  DRIVE_ERROR,
  type DriveFile,
  folderIdOf,
  FOLDER_MIME_TYPE,
  googleGet,
  type GoogleAccess,
  listDriveFolder,
} from '../../app/cloud-drive-read-node/drive-files.ts';
import { isNodeError, userError } from '../../errors.ts';
import { OUTBOUND_LIMITS } from '../../outbound.ts';
import { serviceDefaults } from '../../service-urls.ts';
import type { SourceBatch, SourceReadContext, SourceReader } from '../../sync-reader.ts';
import { documentText } from '../document-text.ts';
import { matchesAnyGlob } from '../globs.ts';

export const SETUP_FAILED = 'Google Drive Job Setup Failed';
/** files listed at most in one folder */
const MAX_FOLDER_FILES = 100_000;

/** Google's own formats, exported as text the parsers read */
const EXPORTS: Record<string, { mimeType: string; extension: string }> = {
  'application/vnd.google-apps.document': { mimeType: 'text/plain', extension: 'txt' },
  'application/vnd.google-apps.presentation': { mimeType: 'text/plain', extension: 'txt' },
  'application/vnd.google-apps.spreadsheet': { mimeType: 'text/csv', extension: 'csv' },
};

export interface DriveCursor {
  modifiedTime: string;
  id: string;
}

type PathedFile = DriveFile & { path: string };
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const googleDriveReader: SourceReader = {
  nodeType: 'googleDriveTriggerNode',
  // spec 001 §4: these re-create the source; the schedule and sync mode only update the connection
  recreateOn: ['credentials', 'folderUrl', 'globs'],
  resyncOn: [],
  check(values, credential) {
    try {
      accessTokenOf(credential);
    } catch {
      throw userError(`${SETUP_FAILED}: invalid credentials (connect the Google Drive credential again)`);
    }
    try {
      folderIdOf(text(values.folderUrl));
    } catch {
      throw userError(`${SETUP_FAILED}: invalid folder URL`);
    }
  },
  read: readFolder,
};

async function* readFolder(ctx: SourceReadContext): AsyncIterable<SourceBatch> {
  googleDriveReader.check(ctx.values, ctx.credential);
  const base = ctx.serviceUrl?.('googleDrive') ?? serviceDefaults.googleDrive;
  const access: GoogleAccess = { http: ctx.http, base, token: accessTokenOf(ctx.credential), signal: ctx.signal };
  const globs = Array.isArray(ctx.values.globs) && ctx.values.globs.length ? ctx.values.globs.map(String) : ['**'];
  const cursor = isDriveCursor(ctx.cursor) ? ctx.cursor : null;
  const files = (await walk(access, folderIdOf(text(ctx.values.folderUrl))))
    .filter((file) => matchesAnyGlob(file.path, globs) && (!cursor || after(file, cursor)))
    .sort((a, b) => (after(a, b) ? 1 : after(b, a) ? -1 : 0));
  ctx.total(files.length);
  for (const file of files) {
    const content = await contentOf(access, file, ctx.signal);
    const run = content === null ? [] : [{ document_key: file.path, content }];
    yield { runs: run, records: run.length, cursor: { modifiedTime: file.modifiedTime, id: file.id } satisfies DriveCursor };
  }
}

function isDriveCursor(value: unknown): value is DriveCursor {
  return !!value && typeof (value as DriveCursor).modifiedTime === 'string' && typeof (value as DriveCursor).id === 'string';
}

const after = (file: DriveCursor, cursor: DriveCursor) => file.modifiedTime > cursor.modifiedTime || (file.modifiedTime === cursor.modifiedTime && file.id > cursor.id);

/** Every file below the folder, with its path from it ('Reports/q1.pdf'). */
async function walk(access: GoogleAccess, rootId: string): Promise<PathedFile[]> {
  const files: PathedFile[] = [];
  const folders = [{ id: rootId, path: '' }];
  const visited = new Set<string>();
  while (folders.length) {
    const folder = folders.shift()!;
    if (visited.has(folder.id)) continue;
    visited.add(folder.id);
    for (const file of await listDriveFolder(access, folder.id, MAX_FOLDER_FILES)) {
      const path = `${folder.path}${file.name}`;
      if (file.mimeType === FOLDER_MIME_TYPE) folders.push({ id: file.id, path: `${path}/` });
      else if (!file.mimeType.startsWith('application/vnd.google-apps.') || EXPORTS[file.mimeType]) files.push({ ...file, path });
    }
  }
  return files;
}

/** The file's text, or null when no parser reads it or it is larger than a download may be. */
async function contentOf(access: GoogleAccess, file: PathedFile, signal: AbortSignal): Promise<string | null> {
  if (Number(file.size ?? 0) > OUTBOUND_LIMITS.maxResponseMB.maxValue * 1024 * 1024) return null;
  const exported = EXPORTS[file.mimeType];
  const id = encodeURIComponent(file.id);
  const url = exported
    ? `${access.base}/files/${id}/export?mimeType=${encodeURIComponent(exported.mimeType)}`
    : `${access.base}/files/${id}?alt=media&supportsAllDrives=true`;
  const response = await googleGet(access, url, `${DRIVE_ERROR} file ${file.path}`, OUTBOUND_LIMITS.maxResponseMB.maxValue);
  try {
    return await documentText(response.body, exported ? `${file.name}.${exported.extension}` : file.name, signal);
  } catch (error) {
    if (signal.aborted || !isNodeError(error)) throw error;
    return null;
  }
}
