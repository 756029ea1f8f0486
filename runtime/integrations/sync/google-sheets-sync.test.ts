/**
 * The Google Sheets source through the whole server, against a loopback server speaking the
 * Sheets API v4 (the service URL `googleSheets` and the outbound allow-list point at it): a
 * Google Sheets OAuth credential in a paid-plan project, a flow Sheets trigger → code deployed
 * through the API; each sync (Full Refresh) runs the flow once per batch of rows with
 * {records, stream}, every time all the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEETS_TOKEN, SPREADSHEET_ID, startSheetsApi } from '../../../catalogue/data-source/google-sheets-trigger-node/testing-sheets-api.ts';
import type { LoopbackApi } from '../../../catalogue/testing/loopback-api.ts';
import type { CheckedFlow } from '../../../contract/flow-document.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';
import { newRunsEnded, oauthToken, paidProjectWith, runsEnded, sourceFlow, syncsEnded } from './testing/sync-flows.ts';

let weft: TestWeft;
let sheets: LoopbackApi & { base: string };
let projectId = '';

const REPORT = "return { stream: input.stream, names: input.records.map((r) => r['First Name']) };";
const namesOf = (runs: { output: unknown }[]) => runs.flatMap((run) => (run.output as { names: string[] }).names).sort();

beforeAll(async () => {
  sheets = await startSheetsApi();
  weft = await startTestWeft({ serviceUrls: { googleSheets: sheets.base }, outboundAllow: [sheets.hostPort] });
  projectId = await paidProjectWith(weft, 'sheets', 'googleSheetsOauth', oauthToken(SHEETS_TOKEN));
}, 30_000);
afterAll(async () => {
  await weft?.close();
  await sheets?.close();
});

describe('a Google Sheets data-source flow, deployed through the API', () => {
  it('runs the flow once per batch of rows, and reads every row again at the next sync', async () => {
    const values = { credentials: 'sheets', spreadSheetLink: `https://docs.google.com/spreadsheets/d/${SPREADSHEET_ID}/edit`, sheetName: 'Customers', batchSize: 2 };
    const flow = await weft.api<CheckedFlow>('POST', `/api/projects/${projectId}/flows`, { name: 'Customers', ...sourceFlow('googleSheetsTriggerNode', values, REPORT) });
    expect((await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' })).status).toBe(200);

    expect((await syncsEnded(weft, flow.id, 1)).lastRun).toMatchObject({ status: 'succeeded', recordsRead: 3, recordsWritten: 3 });
    const firstRuns = await runsEnded(weft.engine, flow.id, 2);
    expect(firstRuns.map((run) => run.meta.status)).toEqual(['completed', 'completed']);
    expect(firstRuns.map((run) => (run.output as { stream: string }).stream)).toEqual(['Customers', 'Customers']);
    expect(namesOf(firstRuns)).toEqual(['Ada', 'Alan', 'Grace']);

    await weft.api('POST', `/api/flows/${flow.id}/sync/run`);
    expect((await syncsEnded(weft, flow.id, 2)).lastRun).toMatchObject({ status: 'succeeded', recordsRead: 3 });
    expect(namesOf(await newRunsEnded(weft.engine, flow.id, firstRuns, 2))).toEqual(['Ada', 'Alan', 'Grace']);
  });
});
