/**
 * Through the whole server: a flow reaching Cloud Drive Read stops there (spec 000 §4); the run
 * is 'incomplete', the nodes after it never run, and the webhook caller is told so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeft, type TestWeft } from '../testing/test-weft.ts';
import { type DriveApi, startDriveApi } from '../../catalogue/app/cloud-drive-read-node/testing-drive-api.ts';

let weft: TestWeft;
let drive: DriveApi;
let projectId = '';

const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });

beforeAll(async () => {
  drive = await startDriveApi('ya29.token');
  weft = await startTestWeft({ serviceUrls: { googleDrive: drive.url }, outboundAllow: [drive.host] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Drive' })).id;
  // Google Drive credentials are a paid-plan type (spec 001 §1)
  await weft.accounts.organisations.update(weft.admin.organisation.id, { plan: 'team' });
  await weft.api('POST', `/api/projects/${projectId}/credentials`, {
    name: 'drive',
    credential_type: 'googleDriveOauth',
    credentials: { access_token: 'ya29.token', token_type: 'Bearer', expires_at: Date.now() + 3_600_000 },
  });
}, 60_000);
afterAll(async () => {
  await weft?.close();
  await drive?.close();
});

describe('a run reaching Cloud Drive Read', () => {
  it('ends incomplete, runs nothing after it, and says so to the caller', async () => {
    const { id } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
      name: 'drive read',
      nodes: [
        { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: { public: true } },
        { id: 'cloudDriveRead_1', type: 'cloudDriveReadNode', position: { x: 200, y: 0 }, values: { credentials: 'drive', folderUrl: 'abc-123' } },
        { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 400, y: 0 }, values: { outputMapping: [{ key: 'n', value: '1' }] } },
      ],
      edges: [edge('e1', 'webhookTrigger_1', 'cloudDriveRead_1'), edge('e2', 'cloudDriveRead_1', 'apiResponse_1')],
    });
    await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
    // the caller waits for the response node, which the stop never reaches: it gets the run's output
    const answer = await weft.anonymous.request('POST', `/hook/${id}`, {});
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-weft-run-status')).toBe('incomplete');
    const runId = answer.headers.get('x-weft-run-id')!;
    const run = await weft.api<{ status: string; nodes: Record<string, { state: string; output?: { files?: unknown[] } }> }>('GET', `/api/runs/${runId}`);
    expect(run.status).toBe('incomplete');
    expect(run.nodes.cloudDriveRead_1).toMatchObject({ state: 'completed', output: { folderId: 'abc-123' } });
    expect(run.nodes.cloudDriveRead_1!.output!.files).toHaveLength(2);
    expect(run.nodes.apiResponse_1?.state ?? 'never ran').not.toBe('completed');
  }, 60_000);
});
