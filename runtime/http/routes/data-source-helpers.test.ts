/**
 * The data-source helper routes of spec 001 §2/§7 through the whole server, against loopback
 * peers: a server speaking the Sheets API v4, one speaking the Drive API v3, and s3rver (S3).
 * POST /api/google-sheets/list-sheets and get-first-row, POST /api/google-drive/list-folders
 * ({input} → {folders}), GET /api/s3/listBuckets (a saved credential, or its fields as query
 * parameters → {buckets}), POST /api/testCreds/s3 ({payload}); empty lists on failure; no secret
 * in any answer; another organisation's project refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDriveTree, DRIVE_TOKEN, FOLDER, type DriveTree } from '../../../catalogue/data-source/google-drive-trigger-node/testing-drive-tree.ts';
import { SHEETS_TOKEN, SPREADSHEET_ID, startSheetsApi } from '../../../catalogue/data-source/google-sheets-trigger-node/testing-sheets-api.ts';
import type { LoopbackApi } from '../../../catalogue/testing/loopback-api.ts';
import { startS3Store, STORE_CREDENTIAL, type S3Store } from '../../services/sync-sources/testing/s3-store.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let sheets: LoopbackApi & { base: string };
let drive: DriveTree;
let store: S3Store;
let projectId = '';
const LINK = `https://docs.google.com/spreadsheets/d/${SPREADSHEET_ID}/edit`;
const later = () => Date.now() + 3_600_000;

beforeAll(async () => {
  sheets = await startSheetsApi();
  drive = await startDriveTree([
    { id: 'd-1', name: 'Handbooks', mimeType: FOLDER, parent: 'root', modifiedTime: '2026-11-01T00:00:00.000Z' },
    { id: 'd-2', name: 'Reports', mimeType: FOLDER, parent: 'd-1', modifiedTime: '2026-11-01T00:00:00.000Z' },
  ]);
  store = await startS3Store(['alpha-docs', 'beta-docs']);
  weft = await startTestWeft({
    serviceUrls: { googleSheets: sheets.base, googleDrive: drive.base, s3: store.url },
    outboundAllow: [sheets.hostPort, drive.hostPort, store.hostPort],
  });
  // OAuth and S3 credentials are paid-plan types (spec 001 §1)
  await weft.accounts.organisations.update(weft.admin.organisation.id, { plan: 'team' });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Data sources' })).id;
  const save = (name: string, credential_type: string, credentials: Record<string, unknown>) =>
    weft.api('POST', `/api/projects/${projectId}/credentials`, { name, credential_type, credentials });
  await save('sheets', 'googleSheetsOauth', { access_token: SHEETS_TOKEN, token_type: 'Bearer', expires_at: later() });
  await save('drive', 'googleDriveOauth', { access_token: DRIVE_TOKEN, token_type: 'Bearer', expires_at: later() });
  await save('store', 's3', STORE_CREDENTIAL);
  await save('wrong-store', 's3', { ...STORE_CREDENTIAL, awsAccessKeyId: 'AKIAWRONGKEY' });
}, 60_000);
afterAll(async () => {
  await weft?.close();
  await Promise.all([sheets?.close(), drive?.close(), store?.close()]);
});

describe('data-source helper routes', () => {
  it('lists the sheets and a sheet’s first row as {folders}', async () => {
    expect(await weft.api('POST', '/api/google-sheets/list-sheets', { input: { projectId, credentials: 'sheets', spreadSheetLink: LINK } })).toEqual({
      folders: [
        { label: 'Customers', value: 'Customers' },
        { label: "Q1 'draft'", value: "Q1 'draft'" },
      ],
    });
    const firstRow = await weft.api('POST', '/api/google-sheets/get-first-row', { input: { projectId, credentials: 'sheets', sheetId: LINK, sheetName: 'Customers' } });
    expect(firstRow).toEqual({ folders: ['First Name', 'E-mail', 'userID'].map((name) => ({ label: name, value: name })) });
    expect(sheets.seen.at(-1)!.headers.authorization).toBe(`Bearer ${SHEETS_TOKEN}`);
    expect(await weft.api('POST', '/api/google-sheets/list-sheets', { input: { projectId, credentials: 'drive', spreadSheetLink: LINK } })).toEqual({ folders: [] });
  });

  it('lists the drive’s folders as {folders}, valued by their links', async () => {
    expect(await weft.api('POST', '/api/google-drive/list-folders', { input: { projectId, credentials: 'drive' } })).toEqual({
      folders: [
        { label: 'Handbooks', value: 'https://drive.google.com/drive/folders/d-1' },
        { label: 'Reports', value: 'https://drive.google.com/drive/folders/d-2' },
      ],
    });
    expect(await weft.api('POST', '/api/google-drive/list-folders', { input: { projectId, credentials: 'missing' } })).toEqual({ folders: [] });
  });

  it('lists the buckets for a saved credential or the fields in the query, [] when refused', async () => {
    const buckets = { buckets: [{ label: 'alpha-docs', value: 'alpha-docs' }, { label: 'beta-docs', value: 'beta-docs' }] };
    expect(await weft.api('GET', `/api/s3/listBuckets?projectId=${projectId}&credentials=store`)).toEqual(buckets);
    expect(await weft.api('GET', `/api/s3/listBuckets?${new URLSearchParams({ projectId, ...STORE_CREDENTIAL })}`)).toEqual(buckets);
    expect(await weft.api('GET', `/api/s3/listBuckets?projectId=${projectId}&credentials=wrong-store`)).toEqual({ buckets: [] });
    expect((await weft.request('GET', '/api/s3/listBuckets?credentials=store')).status).toBe(400);
  });

  it('tests an S3 key pair: saved or from the form, with the store’s own refusal and no secret', async () => {
    expect(await weft.api('POST', '/api/testCreds/s3', { payload: { projectId, name: 'store' } })).toEqual({ success: true, message: 'The credential works: 2 buckets: alpha-docs, beta-docs' });
    const refused = await weft.api<{ success: boolean; message: string }>('POST', '/api/testCreds/s3', { payload: { projectId, credentials: { ...STORE_CREDENTIAL, awsAccessKeyId: 'AKIAOTHERKEY' } } });
    expect(refused.success).toBe(false);
    expect(refused.message).toMatch(/^S3: InvalidAccessKeyId/);
    expect(refused.message).not.toContain(STORE_CREDENTIAL.awsSecretAccessKey);
  });

  it('refuses another organisation’s project and a request without a session', async () => {
    const stranger = await weft.createUser();
    expect((await stranger.request('POST', '/api/google-drive/list-folders', { input: { projectId, credentials: 'drive' } })).status).toBe(404);
    expect((await stranger.request('GET', `/api/s3/listBuckets?projectId=${projectId}&credentials=store`)).status).toBe(404);
    expect((await weft.anonymous.request('GET', `/api/s3/listBuckets?projectId=${projectId}&credentials=store`)).status).toBe(401);
  });
});
