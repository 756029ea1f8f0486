/**
 * @module catalogue/data-source/onedrive-trigger-node/sync-reader — the OneDrive Business source's reader: its accessible
 * drive is the one named `drive_name` among the user's drives (`GET /me/drives`).
 */
import { graphList } from '../../app/teams-node/graph.ts';
import { definition } from './definition.ts';
import { userError } from '../../errors.ts';
import { microsoftDriveReader } from '../microsoft-drive-reader.ts';

export const onedriveReader = microsoftDriveReader({
  nodeType: definition.name,
  inputs: definition.inputs,
  async drives(access, values) {
    const name = typeof values.drive_name === 'string' && values.drive_name.trim() ? values.drive_name.trim() : 'OneDrive';
    const drives = (await graphList(access, '/me/drives')).filter((drive) => drive.name === name && typeof drive.id === 'string');
    if (drives.length === 0) throw userError(`No drive named ${name} among the drives of the credential`);
    return drives.map((drive) => ({ id: drive.id as string, name }));
  },
});
