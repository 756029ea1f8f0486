import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import node, { folderIdOf, STOPPED_MESSAGE } from './run.ts';
import { DRIVE_FILES, type DriveApi, startDriveApi } from './testing-drive-api.ts';

let drive: DriveApi;
beforeAll(async () => {
  drive = await startDriveApi('ya29.token');
});
afterAll(() => drive.close());

const context = (token = 'ya29.token') =>
  testContext({
    allowOutbound: [drive.host],
    serviceUrls: { googleDrive: drive.url },
    credentials: { get: async () => ({ access_token: token, token_type: 'Bearer' }) },
  });

describe('Cloud Drive Read', () => {
  it("lists the folder's files (every page) and stops the run as not complete", async () => {
    drive.requests.length = 0;
    const result = await runNode(node, { credentials: 'drive', folderUrl: 'https://drive.google.com/drive/folders/abc-123?usp=sharing' }, context());
    expect(result).toEqual({ output: { folderId: 'abc-123', files: DRIVE_FILES, message: STOPPED_MESSAGE }, stopIncomplete: true });
    expect(drive.requests).toHaveLength(2);
    expect(drive.requests[0]).toMatchObject({ path: '/drive/v3/files', authorization: 'Bearer ya29.token', query: { q: "'abc-123' in parents and trashed = false", pageSize: '100' } });
    expect(drive.requests[1]!.query.pageToken).toBe('page2');
  });

  it('reads a folder id from a link or as it is, and refuses anything else', () => {
    expect(folderIdOf('https://drive.google.com/open?id=xyz_9')).toBe('xyz_9');
    expect(folderIdOf(' 1AbC-d ')).toBe('1AbC-d');
    expect(() => folderIdOf('not a folder')).toThrow('Google Drive: not a folder link or id: not a folder');
  });

  it("fails with the Drive API's status when the token is refused", async () => {
    await expect(runNode(node, { credentials: 'drive', folderUrl: 'abc' }, context('expired'))).rejects.toMatchObject({ kind: 'user', message: 'Google Drive: 401 Unauthorized' });
  });

  it('fails as a passing fault, not asking for ever, when the API answers the same next page again', async () => {
    drive.requests.length = 0;
    await expect(runNode(node, { credentials: 'drive', folderUrl: 'endless' }, context())).rejects.toMatchObject({ kind: 'operational', message: 'Google Drive: the answer repeats page again' });
    expect(drive.requests).toHaveLength(2);
  });
});
