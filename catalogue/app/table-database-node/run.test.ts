import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import { startRecordingServer, type RecordingServer } from '../tool-service/testing/recording-server.ts';
import tableNode from './run.ts';

const KEY = 'tool-service-key-0123456789';
let service: RecordingServer;
let airtable: RecordingServer;

beforeAll(async () => {
  service = await startRecordingServer(() => ({ body: { data: { records: [] }, error: null, successful: true } }));
  airtable = await startRecordingServer((r) =>
    r.path.includes('missing') ? { status: 404, body: { error: { type: 'NOT_FOUND', message: 'Could not find table missing' } } } : { body: { id: 'rec1', echo: r.body ?? null } },
  );
});
afterAll(async () => {
  await service.close();
  await airtable.close();
});
beforeEach(() => {
  service.requests.length = 0;
  airtable.requests.length = 0;
});

const credentials = { broker: { composioId: 'ca_table_1' }, direct: { apiToken: 'patAbc.0123456789abcdef' } } as Record<string, Record<string, unknown>>;
const ctx = () =>
  testContext({
    serviceUrls: { toolService: service.url, airtable: `${airtable.url}/v0` },
    allowOutbound: [service.host, airtable.host],
    toolServiceKey: KEY,
    credentials: { get: async (name) => credentials[name] ?? Promise.reject(new Error(`No credentials found for ${name}`)) },
  });
const run = (values: Record<string, unknown>) => runNode(tableNode, values, ctx());
const sent = () => service.requests.map((r) => ({ path: r.path, key: r.headers['x-api-key'], body: r.body }));

describe('table database node through the tool-execution service', () => {
  it('lists records with the defaults: pageSize 100, timeZone utc, cellFormat json', async () => {
    const result = await run({ credentials: 'broker', action: 'listRecords', baseId: 'appB', tableIdOrName: 'Tasks', filterByFormula: "{Done} = 0", fieldsFilter: ['Name'] });
    expect(result.output).toEqual({ data: { records: [] }, successful: true, error: null });
    expect(sent()).toEqual([{
      path: '/tools/execute/AIRTABLE_LIST_RECORDS',
      key: KEY,
      body: { connected_account_id: 'ca_table_1', arguments: { baseId: 'appB', tableIdOrName: 'Tasks', timeZone: 'utc', pageSize: 100, filterByFormula: '{Done} = 0', cellFormat: 'json', fields: ['Name'], returnFieldsByFieldId: false } },
    }]);
  });

  it('creates records from JSON text (at most 10) and a field with its type (default singleLineText)', async () => {
    await run({ credentials: 'broker', action: 'createMultipleRecords', baseId: 'appB', tableIdOrName: 'Tasks', records: '[{"Name": "a"}, {"fields": {"Name": "b"}}]' });
    await run({ credentials: 'broker', action: 'createField', baseId: 'appB', tableIdOrName: 'tblT', name: 'Notes' });
    await run({ credentials: 'broker', action: 'deleteMultipleRecords', baseId: 'appB', tableIdOrName: 'Tasks', recordIds: 'rec1, rec2' });
    expect(sent().map((r) => [r.path, r.body])).toEqual([
      ['/tools/execute/AIRTABLE_CREATE_MULTIPLE_RECORDS', { connected_account_id: 'ca_table_1', arguments: { baseId: 'appB', tableIdOrName: 'Tasks', records: [{ fields: { Name: 'a' } }, { fields: { Name: 'b' } }] } }],
      ['/tools/execute/AIRTABLE_CREATE_FIELD', { connected_account_id: 'ca_table_1', arguments: { baseId: 'appB', tableId: 'tblT', name: 'Notes', type: 'singleLineText' } }],
      ['/tools/execute/AIRTABLE_DELETE_MULTIPLE_RECORDS', { connected_account_id: 'ca_table_1', arguments: { baseId: 'appB', tableIdOrName: 'Tasks', recordIds: ['rec1', 'rec2'] } }],
    ]);
  });

  it('refuses more than 10 records or record ids, JSON that does not parse, a page size out of 1–100 and an unknown action', async () => {
    const eleven = JSON.stringify(Array.from({ length: 11 }, (_, i) => ({ Name: String(i) })));
    await expect(run({ credentials: 'broker', action: 'createMultipleRecords', baseId: 'a', tableIdOrName: 't', records: eleven })).rejects.toThrow('Records: at most 10 per request (got 11)');
    await expect(run({ credentials: 'broker', action: 'deleteMultipleRecords', baseId: 'a', tableIdOrName: 't', recordIds: JSON.stringify(Array.from({ length: 11 }, (_, i) => `rec${i}`)) })).rejects.toThrow('Record ids: at most 10 per request (got 11)');
    await expect(run({ credentials: 'broker', action: 'createRecord', baseId: 'a', tableIdOrName: 't', fields: '{"Name": ' })).rejects.toThrow(/^Fields (is not valid JSON|must be valid JSON)/);
    await expect(run({ credentials: 'broker', action: 'listRecords', baseId: 'a', tableIdOrName: 't', pageSize: 101 })).rejects.toThrow('Page size must be between 1 and 100');
    await expect(run({ credentials: 'broker', action: 'dropTable', baseId: 'a' })).rejects.toThrow('Unknown action: dropTable');
    expect(service.requests).toHaveLength(0);
  });

  it("fails with 'Failed to execute {action}' and the service's error", async () => {
    const failing = await startRecordingServer(() => ({ body: { data: null, error: 'INVALID_PERMISSIONS', successful: false } }));
    const failingCtx = testContext({ serviceUrls: { toolService: failing.url }, allowOutbound: [failing.host], toolServiceKey: KEY, credentials: { get: async () => credentials.broker } });
    await expect(runNode(tableNode, { credentials: 'broker', action: 'getUserInfo' }, failingCtx)).rejects.toThrow('Failed to execute AIRTABLE_GET_USER_INFO: INVALID_PERMISSIONS');
    await failing.close();
  });
});

describe('table database node straight at the Airtable API (personal access token)', () => {
  it('sends each action as the Airtable Web API request with the bearer token', async () => {
    await run({ credentials: 'direct', action: 'createRecord', baseId: 'appB', tableIdOrName: 'Tasks', fields: { Name: 'a' } });
    await run({ credentials: 'direct', action: 'updateRecord', baseId: 'appB', tableIdOrName: 'Tasks', recordId: 'rec1', fields: '{"Done": true}' });
    await run({ credentials: 'direct', action: 'deleteMultipleRecords', baseId: 'appB', tableIdOrName: 'Tasks', recordIds: '["rec1","rec2"]' });
    await run({ credentials: 'direct', action: 'listRecords', baseId: 'appB', tableIdOrName: 'Tasks', maxRecords: 5 });
    await run({ credentials: 'direct', action: 'getRecord', baseId: 'appB', tableIdOrName: 'Tasks', recordId: 'rec1', cellFormat: 'string', userLocale: 'en-gb' });
    await run({ credentials: 'direct', action: 'listBases' });
    await run({ credentials: 'direct', action: 'createComment', baseId: 'appB', tableIdOrName: 'Tasks', recordId: 'rec1', commentText: 'Looks good' });
    expect(airtable.requests.map((r) => [r.method, r.path, r.body ?? null])).toEqual([
      ['POST', '/v0/appB/Tasks', { fields: { Name: 'a' } }],
      ['PATCH', '/v0/appB/Tasks/rec1', { fields: { Done: true } }],
      ['DELETE', '/v0/appB/Tasks?records%5B%5D=rec1&records%5B%5D=rec2', null],
      ['POST', '/v0/appB/Tasks/listRecords', { timeZone: 'utc', pageSize: 100, maxRecords: 5, cellFormat: 'json', returnFieldsByFieldId: false }],
      ['GET', '/v0/appB/Tasks/rec1?cellFormat=string&returnFieldsByFieldId=false&timeZone=utc&userLocale=en-gb', null],
      ['GET', '/v0/meta/bases', null],
      ['POST', '/v0/appB/Tasks/rec1/comments', { text: 'Looks good' }],
    ]);
    expect(airtable.requests.every((r) => r.headers.authorization === 'Bearer patAbc.0123456789abcdef')).toBe(true);
    expect(service.requests).toHaveLength(0);
  });

  it("answers the API's error message", async () => {
    await expect(run({ credentials: 'direct', action: 'getRecord', baseId: 'appB', tableIdOrName: 'missing', recordId: 'r' })).rejects.toMatchObject({
      message: 'Failed to execute AIRTABLE_GET_RECORD: Could not find table missing',
      kind: 'user',
    });
  });
});
