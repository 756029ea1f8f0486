/**
 * @module catalogue/app/cloud-drive-read-node/run — lists the folder through the Drive API v3
 * (drive-files.ts: `GET {googleDrive}/files?q='<id>' in parents`, the credential's access token,
 * every page of the answer up to MAX_FILES), then stops the run as not complete
 * (`stopIncomplete`: finish-1.lua marks the run 'incomplete' and emits run.incomplete).
 */
import { defineNode } from '../../define-node.ts';
import { definition } from './definition.ts';
import { accessTokenOf } from '../access-token.ts';
import { DRIVE_ERROR, folderIdOf, listDriveFolder } from './drive-files.ts';

export { DRIVE_ERROR, folderIdOf };
export const STOPPED_MESSAGE = 'The folder is read by the scheduled data sync; the run stops here as not complete';
/** files listed at most (pages of 100) */
export const MAX_FILES = 1000;

export default defineNode(definition, async (values, ctx) => {
  const folderId = folderIdOf(values.folderUrl);
  const token = accessTokenOf(await ctx.credentials.get(values.credentials));
  const files = await listDriveFolder({ http: ctx.http, base: ctx.serviceUrl('googleDrive'), token, signal: ctx.signal }, folderId, MAX_FILES);
  return { output: { folderId, files, message: STOPPED_MESSAGE }, stopIncomplete: true };
});
