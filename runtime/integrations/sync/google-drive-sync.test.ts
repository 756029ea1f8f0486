/**
 * The Google Drive source through the whole server, against a loopback server speaking the Drive
 * API v3 (the service URL `googleDrive` and the outbound allow-list point at it): a Google Drive
 * OAuth credential in a paid-plan project, a flow Drive trigger → code deployed through the API;
 * the first sync runs the flow once per document with {document_key, content}; a file added and
 * a sync run now reads only it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVE_TOKEN, FOLDER, startDriveTree, type DriveTree } from '../../../catalogue/data-source/google-drive-trigger-node/testing-drive-tree.ts';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { newRunsEnded, oauthToken, paidProjectWith, runsEnded, sourceFlow, syncsEnded } from './testing/sync-flows.ts';

let weft: TestWeft;
let drive: DriveTree;
let projectId = '';

const REPORT = 'return { key: input.document_key, content: input.content };';
const text = 'text/plain';

beforeAll(async () => {
  drive = await startDriveTree([
    { id: 'f-notes', name: 'notes.txt', mimeType: text, parent: 'root-1', modifiedTime: '2026-11-01T10:00:00.000Z', bytes: 'Meeting notes' },
    { id: 'd-sub', name: 'Guides', mimeType: FOLDER, parent: 'root-1', modifiedTime: '2026-10-01T10:00:00.000Z' },
    { id: 'f-guide', name: 'start.md', mimeType: 'text/markdown', parent: 'd-sub', modifiedTime: '2026-11-02T10:00:00.000Z', bytes: '# Start here' },
  ]);
  weft = await startTestWeft({ serviceUrls: { googleDrive: drive.base }, outboundAllow: [drive.hostPort] });
  projectId = await paidProjectWith(weft, 'drive', 'googleDriveOauth', oauthToken(DRIVE_TOKEN));
}, 30_000);
afterAll(async () => {
  await weft?.close();
  await drive?.close();
});

describe('a Google Drive data-source flow, deployed through the API', () => {
  it('runs the flow once per document, then only for a file added since', async () => {
    const values = { credentials: 'drive', folderUrl: 'https://drive.google.com/drive/folders/root-1' };
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Drive', ...sourceFlow('googleDriveTriggerNode', values, REPORT) });
    expect((await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' })).status).toBe(200);

    expect((await syncsEnded(weft, flow.id, 1)).lastRun).toMatchObject({ status: 'succeeded', recordsRead: 2, recordsWritten: 2 });
    const firstRuns = await runsEnded(weft.engine, flow.id, 2);
    expect(firstRuns.map((run) => run.meta.status)).toEqual(['completed', 'completed']);
    expect(firstRuns.map((run) => run.output).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      { key: 'Guides/start.md', content: '# Start here' },
      { key: 'notes.txt', content: 'Meeting notes' },
    ]);
    // the Drive API was called with the credential's token
    expect(drive.seen.every((request) => request.headers.authorization === `Bearer ${DRIVE_TOKEN}`)).toBe(true);

    drive.files.push({ id: 'f-late', name: 'later.txt', mimeType: text, parent: 'root-1', modifiedTime: '2026-11-05T10:00:00.000Z', bytes: 'Added later' });
    const started = await weft.api<{ syncId: string }>('POST', `/api/flows/${flow.id}/sync/run`);
    expect((await syncsEnded(weft, flow.id, 2)).lastRun).toMatchObject({ id: started.syncId, status: 'succeeded', recordsRead: 1 });
    const [added, ...more] = await newRunsEnded(weft.engine, flow.id, firstRuns, 1);
    expect(more).toEqual([]);
    expect(added.meta.status).toBe('completed');
    expect(added.output).toEqual({ key: 'later.txt', content: 'Added later' });
  });
});
