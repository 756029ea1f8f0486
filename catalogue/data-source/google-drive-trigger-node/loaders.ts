/**
 * @module catalogue/data-source/google-drive-trigger-node/loaders — the Google Drive source's
 * folder dropdown (spec 001 §2/§7: POST /api/google-drive/list-folders): the folders the
 * googleDriveOauth credential named by `input.credentials` reaches, by name, each valued by its
 * link (the field's URL mode takes the same). Anything missing or refused: an empty list.
 */
import { accessTokenOf } from '../../app/access-token.ts';
import { FOLDER_MIME_TYPE, listDriveFiles } from '../../app/cloud-drive-read-node/drive-files.ts';
import type { OptionLoader } from '../../option-loaders.ts';

/** folders listed at most */
export const MAX_FOLDERS = 1000;
export const folderLink = (id: string) => `https://drive.google.com/drive/folders/${id}`;

export const googleDriveListFolders: OptionLoader = async (input, ctx) => {
  try {
    const name = typeof input.credentials === 'string' ? input.credentials.trim() : '';
    if (!name) return [];
    const token = accessTokenOf(await ctx.credentials.get(name));
    const folders = await listDriveFiles({ http: ctx.http, base: ctx.serviceUrl('googleDrive'), token }, `mimeType = '${FOLDER_MIME_TYPE}' and trashed = false`, MAX_FOLDERS);
    return folders.map((folder) => ({ label: folder.name, value: folderLink(folder.id) }));
  } catch {
    return [];
  }
};
