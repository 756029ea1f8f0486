/**
 * The Google Drive source against a loopback server speaking the Drive API v3 (the exact
 * requests asserted): the folder walked with its subfolders, globs, downloads and a Google Doc's
 * export turned into text, an incremental second sync, the setup texts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { docxWithTable, pdfOf } from '../../../catalogue/app/extract-file-node/testing/documents.ts';
import { definition } from '../../../catalogue/data-source/google-drive-trigger-node/definition.ts';
import { DRIVE_TOKEN, type DriveTree, FOLDER, startDriveTree } from '../../../catalogue/data-source/google-drive-trigger-node/testing-drive-tree.ts';
import { googleDriveReader } from '../../../catalogue/data-source/google-drive-trigger-node/sync-reader.ts';
import { readSource } from './testing/read-source.ts';

let drive: DriveTree;
beforeAll(async () => {
  drive = await startDriveTree([
    { id: 'f-pdf', name: 'handbook.pdf', mimeType: 'application/pdf', parent: 'root-1', modifiedTime: '2026-11-01T10:00:00.000Z', bytes: await pdfOf(['Drive handbook']) },
    { id: 'f-doc', name: 'Plan', mimeType: 'application/vnd.google-apps.document', parent: 'root-1', modifiedTime: '2026-11-02T10:00:00.000Z', bytes: 'The plan, exported' },
    { id: 'f-form', name: 'Survey', mimeType: 'application/vnd.google-apps.form', parent: 'root-1', modifiedTime: '2026-11-02T10:00:00.000Z' },
    { id: 'd-rep', name: 'Reports', mimeType: FOLDER, parent: 'root-1', modifiedTime: '2026-10-01T10:00:00.000Z' },
    { id: 'f-docx', name: 'q1.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', parent: 'd-rep', modifiedTime: '2026-11-03T10:00:00.000Z', bytes: await docxWithTable() },
    { id: 'f-png', name: 'chart.png', mimeType: 'image/png', parent: 'd-rep', modifiedTime: '2026-11-03T11:00:00.000Z', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) },
  ]);
}, 30_000);
afterAll(() => drive.close());
beforeEach(() => void (drive.seen.length = 0));

const read = (values: Record<string, unknown> = {}, cursor: unknown = null, credential: Record<string, unknown> = { access_token: DRIVE_TOKEN }) =>
  readSource(googleDriveReader, {
    definition,
    values: { credentials: 'drive', folderUrl: 'https://drive.google.com/drive/folders/root-1?usp=sharing', ...values },
    credential,
    cursor,
    allow: [drive.hostPort],
    serviceUrls: { googleDrive: drive.base },
  });

describe('Google Drive source', () => {
  it('reads every file below the folder, oldest first, one run per document with its text', async () => {
    const { batches, total } = await read();
    expect(total).toBe(4);
    expect(batches.map((b) => b.runs.map((r) => r.document_key))).toEqual([['handbook.pdf'], ['Plan'], ['Reports/q1.docx'], []]);
    const runs = batches.flatMap((b) => b.runs);
    expect(runs[0]!.content).toContain('Drive handbook');
    expect(runs[1]).toEqual({ document_key: 'Plan', content: 'The plan, exported' });
    expect(runs[2]!.content).toContain('Sales went up.');
    expect(batches.at(-1)).toEqual({ runs: [], records: 0, cursor: { modifiedTime: '2026-11-03T11:00:00.000Z', id: 'f-png' } });
    const paths = drive.seen.map((r) => decodeURIComponent(r.url.replace(/\+/g, ' ')));
    expect(paths).toContain("/drive/v3/files?q='root-1' in parents and trashed = false&fields=nextPageToken, files(id, name, mimeType, modifiedTime, size, webViewLink)&pageSize=100&supportsAllDrives=true&includeItemsFromAllDrives=true");
    expect(paths).toContain('/drive/v3/files/f-pdf?alt=media&supportsAllDrives=true');
    expect(paths).toContain('/drive/v3/files/f-doc/export?mimeType=text/plain');
    expect(paths.some((p) => p.includes('f-form'))).toBe(false);
    expect(drive.seen.every((r) => r.headers.authorization === `Bearer ${DRIVE_TOKEN}`)).toBe(true);
  });

  it('reads only files changed since the cursor on the next incremental sync', async () => {
    const cursor = (await read()).batches.at(-1)!.cursor;
    expect((await read({}, cursor)).batches).toEqual([]);
    const plan = drive.files.find((f) => f.id === 'f-doc')!;
    Object.assign(plan, { modifiedTime: '2026-11-20T09:00:00.000Z', bytes: 'The plan, revised' });
    expect((await read({}, cursor)).batches.flatMap((b) => b.runs)).toEqual([{ document_key: 'Plan', content: 'The plan, revised' }]);
  });

  it('keeps to the globs', async () => {
    const { batches } = await read({ globs: ['Reports/**'] });
    expect(batches.flatMap((b) => b.runs).map((r) => r.document_key)).toEqual(['Reports/q1.docx']);
  });

  it('follows spec 001 §4 update rules and says what is wrong', async () => {
    expect(googleDriveReader.recreateOn).toEqual(['credentials', 'folderUrl', 'globs']);
    expect(() => googleDriveReader.check({ folderUrl: 'not a folder' }, { access_token: 't' })).toThrow('Google Drive Job Setup Failed: invalid folder URL');
    expect(() => googleDriveReader.check({ folderUrl: 'root-1' }, {})).toThrow('Google Drive Job Setup Failed: invalid credentials');
    await expect(read({}, null, { access_token: 'expired' })).rejects.toMatchObject({ kind: 'user', message: 'Google Drive: 401 Unauthorized' });
  });
});
