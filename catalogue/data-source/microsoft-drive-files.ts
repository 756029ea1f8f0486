/**
 * @module catalogue/data-source/microsoft-drive-files — the files a OneDrive or SharePoint sync
 * reads, listed through Microsoft Graph as the connected user (spec 001 §3): every file below
 * `folder_path` of the given drives (children, folders walked recursively) and, by the search
 * scope, the items shared with the user (`GET /me/drive/sharedWithMe`, shared folders walked
 * too); kept when their path matches one of the globs.
 */
import { graphCall, graphList, type GraphAccess } from '../app/teams-node/graph.ts';
import { matchesAnyGlob } from './globs.ts';

export type SearchScope = 'ACCESSIBLE_DRIVES' | 'SHARED_ITEMS' | 'ALL';

export interface DriveFile {
  driveId: string;
  itemId: string;
  name: string;
  /** the document's key: the drive's name and the file's path in it ('shared/…' for shared items) */
  key: string;
  lastModified: string;
  webUrl: string;
}

export interface Drive {
  id: string;
  name: string;
}

/** folders walked at most below the folder path (a guard against cycles of shared folders) */
const MAX_DEPTH = 32;

type Item = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const objectOf = (value: unknown): Item => (value && typeof value === 'object' ? (value as Item) : {});

/** '.', '', '/' and './' are the root; else the path without leading or trailing slashes */
export function folderOf(folderPath: string): string {
  return folderPath.trim().replace(/^\.?\/*/, '').replace(/\/+$/, '');
}

const childrenPath = (driveId: string, itemId: string) => `/drives/${encodeURIComponent(driveId)}/items/${encodeURIComponent(itemId)}/children`;

/** the folder's item in the drive (its id, to list its children) */
async function folderItem(access: GraphAccess, driveId: string, folder: string): Promise<Item> {
  const drive = `/drives/${encodeURIComponent(driveId)}`;
  const path = folder ? `${drive}/root:/${folder.split('/').map(encodeURIComponent).join('/')}` : `${drive}/root`;
  return graphCall(access, 'GET', path);
}

/** Every file below a folder of a drive, its path relative to the drive's root. */
async function walk(access: GraphAccess, driveId: string, folderId: string, prefix: string, depth: number, found: (item: Item, path: string) => void): Promise<void> {
  for (const item of await graphList(access, childrenPath(driveId, folderId))) {
    const path = prefix ? `${prefix}/${text(item.name)}` : text(item.name);
    if (item.folder && depth < MAX_DEPTH) await walk(access, driveId, text(item.id), path, depth + 1, found);
    else if (item.file) found(item, path);
  }
}

export async function driveFiles(access: GraphAccess, drive: Drive, folderPath: string, globs: readonly string[]): Promise<DriveFile[]> {
  const folder = folderOf(folderPath);
  const root = await folderItem(access, drive.id, folder);
  const files: DriveFile[] = [];
  await walk(access, drive.id, text(root.id), folder, 0, (item, path) => {
    if (matchesAnyGlob(path, globs)) files.push(fileOf(item, drive.id, `${drive.name}/${path}`));
  });
  return files;
}

/** the items shared with the user: shared files, and the files of shared folders */
export async function sharedFiles(access: GraphAccess, globs: readonly string[]): Promise<DriveFile[]> {
  const files: DriveFile[] = [];
  for (const shared of await graphList(access, '/me/drive/sharedWithMe')) {
    const remote = { ...shared, ...objectOf(shared.remoteItem) };
    const driveId = text(objectOf(remote.parentReference).driveId);
    const name = text(remote.name);
    if (!driveId) continue;
    if (remote.folder) {
      await walk(access, driveId, text(remote.id), name, 1, (item, path) => {
        if (matchesAnyGlob(path, globs)) files.push(fileOf(item, driveId, `shared/${path}`));
      });
    } else if (remote.file && matchesAnyGlob(name, globs)) files.push(fileOf(remote, driveId, `shared/${name}`));
  }
  return files;
}

/** the file's last change in ms (0 when Graph gave none) */
export const modifiedAt = (file: DriveFile) => Date.parse(file.lastModified) || 0;

function fileOf(item: Item, driveId: string, key: string): DriveFile {
  return { driveId, itemId: text(item.id), name: text(item.name), key, lastModified: text(item.lastModifiedDateTime), webUrl: text(item.webUrl) };
}

/** The files of the drives and the shared items the scope asks for, each once, oldest change first. */
export async function scopedFiles(access: GraphAccess, scope: SearchScope, drives: () => Promise<Drive[]>, folderPath: string, globs: readonly string[]): Promise<DriveFile[]> {
  const files: DriveFile[] = [];
  if (scope !== 'SHARED_ITEMS') for (const drive of await drives()) files.push(...(await driveFiles(access, drive, folderPath, globs)));
  if (scope !== 'ACCESSIBLE_DRIVES') files.push(...(await sharedFiles(access, globs)));
  const seen = new Set<string>();
  return files
    .filter((file) => {
      const id = `${file.driveId}/${file.itemId}`;
      return !seen.has(id) && seen.add(id);
    })
    .sort((a, b) => modifiedAt(a) - modifiedAt(b) || a.key.localeCompare(b.key));
}
