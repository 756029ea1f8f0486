/**
 * The table database's own webhook through the whole server, against a loopback server speaking
 * Airtable's webhooks API: created on deploy, refreshed on redeploy, deleted on undeploy; a ping
 * signed with the webhook's MAC secret starts a production run with the changes since the cursor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSnapshot, RunSummary } from '../../../contract/runs.ts';
import { startRecordingServer, type RecordingServer } from '../../../catalogue/app/tool-service/testing/recording-server.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { airtableMac } from './table-webhooks.ts';

const MAC = Buffer.from('mac-secret-0123456789').toString('base64');
let airtable: RecordingServer;
let weft: TestWeft;

beforeAll(async () => {
  airtable = await startRecordingServer((r) => {
    if (r.method === 'POST' && r.path === '/v0/bases/appB/webhooks') return { body: { id: 'achW1', macSecretBase64: MAC, expirationTime: '2026-12-02T00:00:00.000Z' } };
    if (r.path.startsWith('/v0/bases/appB/webhooks/achW1/payloads')) {
      return { body: { cursor: 3, mightHaveMore: false, payloads: [{ timestamp: '2026-11-25T05:00:00.000Z', changedTablesById: { tblT: { createdRecordsById: { rec9: { cellValuesByFieldId: { fld1: 'New' } } } } } }] } };
    }
    return { body: {} };
  });
  weft = await startTestWeft({ serviceUrls: { airtable: `${airtable.url}/v0` }, outboundAllow: [airtable.host], toolService: { authConfigs: {}, publicUrl: 'https://weft.example' } });
  await weft.accounts.organisations.update(weft.admin.organisation.id, { plan: 'team' });
});
afterAll(async () => {
  await weft?.close();
  await airtable?.close();
});

describe('the table database trigger', () => {
  it('creates, refreshes and deletes the Airtable webhook; a signed ping runs the flow with the changes', async () => {
    const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Tables' })).id;
    await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'airtable', credential_type: 'tableDatabaseOauth', marketplace_id: 14, credentials: { apiToken: 'patTOKEN0123456789' } });
    const flow = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
      name: 'Changes',
      nodes: [{ id: 'trigger_1', type: 'tableDatabaseTriggerNode', position: { x: 0, y: 0 }, values: { credentials: 'airtable', baseId: 'appB', tableIdOrName: 'tblT' } }],
      edges: [],
    });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(airtable.requests.map((r) => [r.method, r.path, r.body ?? null])).toEqual([
      ['POST', '/v0/bases/appB/webhooks', { notificationUrl: `https://weft.example/hooks/table-database/${flow.id}`, specification: { options: { filters: { dataTypes: ['tableData'], recordChangeScope: 'tblT' } } } }],
      ['POST', '/v0/bases/appB/webhooks/achW1/refresh', null],
    ]);
    expect(airtable.requests.every((r) => r.headers.authorization === 'Bearer patTOKEN0123456789')).toBe(true);

    const ping = JSON.stringify({ base: { id: 'appB' }, webhook: { id: 'achW1' }, timestamp: '2026-11-25T05:00:01.000Z' });
    const forged = await weft.anonymous.request('POST', `/hooks/table-database/${flow.id}`, ping, { 'x-airtable-content-mac': airtableMac(Buffer.from('other').toString('base64'), ping) });
    expect(forged.status).toBe(401);
    const signed = await weft.anonymous.request('POST', `/hooks/table-database/${flow.id}`, ping, { 'x-airtable-content-mac': airtableMac(MAC, ping) });
    expect(signed.status).toBe(200);

    let runs: RunSummary[] = [];
    for (let i = 0; i < 100 && !runs.some((r) => r.status === 'completed'); i++) {
      await new Promise((ok) => setTimeout(ok, 50));
      runs = await weft.api<RunSummary[]>('GET', `/api/flows/${flow.id}/runs`);
    }
    expect(runs).toHaveLength(1);
    const run = await weft.api<RunSnapshot>('GET', `/api/runs/${runs[0].runId}`);
    expect(run.nodes.trigger_1.output).toMatchObject({ webhookId: 'achW1', baseId: 'appB', timestamp: '2026-11-25T05:00:01.000Z', payloads: [expect.objectContaining({ changedTablesById: expect.any(Object) })] });
    expect(airtable.requests.some((r) => r.path === '/v0/bases/appB/webhooks/achW1/payloads?cursor=1')).toBe(true);

    airtable.requests.length = 0;
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'inactive' });
    expect(airtable.requests.map((r) => [r.method, r.path])).toEqual([['DELETE', '/v0/bases/appB/webhooks/achW1']]);
  });
});
