import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OptionLoaderContext } from '../../option-loaders.ts';
import { optionLoaders } from '../../nodes.ts';
import { testContext } from '../../testing/node-harness.ts';
import { startRecordingServer, type RecordingServer } from './testing/recording-server.ts';

const KEY = 'tool-service-key-0123456789';
let service: RecordingServer;
let airtable: RecordingServer;
let notion: RecordingServer;
const tables = [{ id: 'tbl1', name: 'Tasks', fields: [{ id: 'fld1', name: 'Name' }, { id: 'fld2', name: 'Done' }] }];

beforeAll(async () => {
  service = await startRecordingServer((r) => {
    const tool = r.path.split('/').pop();
    if ((r.body as { arguments?: { get_databases?: boolean } }).arguments?.get_databases) return { status: 500, body: { error: 'boom' } };
    const data: Record<string, unknown> = {
      AIRTABLE_LIST_BASES: { bases: [{ id: 'app1', name: 'CRM' }] },
      AIRTABLE_GET_BASE_SCHEMA: { response_data: { tables } },
      AIRTABLE_LIST_RECORDS: { records: [{ id: 'rec1', fields: { Name: 'Call Ada' } }, { id: 'rec2', fields: {} }] },
      NOTION_FETCH_DATA: { values: [{ id: 'pg1', title: 'Roadmap' }] },
    };
    return tool && data[tool] ? { body: { data: data[tool], error: null, successful: true } } : { status: 500, body: { error: 'boom' } };
  });
  airtable = await startRecordingServer((r) => (r.path === '/v0/meta/bases/app1/tables' ? { body: { tables } } : { status: 401, body: { error: { type: 'AUTHENTICATION_REQUIRED' } } }));
  notion = await startRecordingServer((r) => {
    const kind = (r.body as { filter?: { value?: string } }).filter?.value;
    return kind === 'database'
      ? { body: { results: [{ object: 'database', id: 'db1', title: [{ plain_text: 'Tasks DB' }] }] } }
      : { body: { results: [{ object: 'page', id: 'pg2', properties: { Name: { type: 'title', title: [{ plain_text: 'Notes' }] } } }] } };
  });
});
afterAll(async () => Promise.all([service.close(), airtable.close(), notion.close()]));
beforeEach(() => {
  service.requests.length = 0;
  airtable.requests.length = 0;
});

const credentials: Record<string, Record<string, unknown>> = { broker: { composioId: 'ca_1' }, airtableToken: { apiToken: 'patXYZ0123456789' }, notionToken: { apiToken: 'ntn_token_0123456789' } };
function loaderContext(): OptionLoaderContext {
  const ctx = testContext({
    serviceUrls: { toolService: service.url, airtable: `${airtable.url}/v0`, notion: `${notion.url}/v1` },
    allowOutbound: [service.host, airtable.host, notion.host],
  });
  return {
    projectId: 'project_test',
    credentials: { get: async (name) => credentials[name] ?? Promise.reject(new Error(`No credentials found for ${name}`)) },
    http: ctx.http,
    serviceUrl: ctx.serviceUrl,
    services: {},
    toolServiceKey: KEY,
  };
}
const load = (name: string, input: Record<string, unknown>) => optionLoaders[name](input, loaderContext());

describe('table database and notes workspace loaders', () => {
  it('load bases, tables, fields and records through the tool-execution service', async () => {
    expect(await load('tableDatabaseBases', { credentials: 'broker' })).toEqual([{ value: 'app1', label: 'CRM' }]);
    expect(await load('tableDatabaseTables', { credentials: 'broker', baseId: 'app1' })).toEqual([{ value: 'tbl1', label: 'Tasks' }]);
    expect(await load('tableDatabaseFields', { credentials: 'broker', baseId: 'app1', tableIdOrName: 'Tasks' })).toEqual([{ value: 'Name', label: 'Name' }, { value: 'Done', label: 'Done' }]);
    expect(await load('tableDatabaseRecords', { credentials: 'broker', baseId: 'app1', tableIdOrName: 'tbl1' })).toEqual([{ value: 'rec1', label: 'Call Ada' }, { value: 'rec2', label: 'rec2' }]);
    expect(service.requests.map((r) => [r.path, r.headers['x-api-key'], r.body])).toEqual([
      ['/tools/execute/AIRTABLE_LIST_BASES', KEY, { connected_account_id: 'ca_1', arguments: {} }],
      ['/tools/execute/AIRTABLE_GET_BASE_SCHEMA', KEY, { connected_account_id: 'ca_1', arguments: { baseId: 'app1' } }],
      ['/tools/execute/AIRTABLE_GET_BASE_SCHEMA', KEY, { connected_account_id: 'ca_1', arguments: { baseId: 'app1' } }],
      ['/tools/execute/AIRTABLE_LIST_RECORDS', KEY, { connected_account_id: 'ca_1', arguments: { baseId: 'app1', tableIdOrName: 'tbl1', pageSize: 100 } }],
    ]);
  });

  it('load tables straight from Airtable with a personal access token', async () => {
    expect(await load('tableDatabaseTables', { credentials: 'airtableToken', baseId: 'app1' })).toEqual([{ value: 'tbl1', label: 'Tasks' }]);
    expect(airtable.requests[0].headers.authorization).toBe('Bearer patXYZ0123456789');
  });

  it('load pages and databases', async () => {
    expect(await load('notesWorkspacePages', { credentials: 'broker' })).toEqual([{ value: 'pg1', label: 'Roadmap' }]);
    expect(service.requests[0].body).toEqual({ connected_account_id: 'ca_1', arguments: { get_pages: true, page_size: 100 } });
    expect(await load('notesWorkspaceDatabases', { credentials: 'notionToken' })).toEqual([{ value: 'db1', label: 'Tasks DB' }]);
    expect(await load('notesWorkspacePages', { credentials: 'notionToken' })).toEqual([{ value: 'pg2', label: 'Notes' }]);
  });

  it('answer [] without a credential, base or table, for an unknown credential and when the service fails', async () => {
    expect(await load('tableDatabaseBases', {})).toEqual([]);
    expect(await load('tableDatabaseTables', { credentials: 'broker' })).toEqual([]);
    expect(await load('tableDatabaseRecords', { credentials: 'broker', baseId: 'app1' })).toEqual([]);
    expect(await load('tableDatabaseBases', { credentials: 'nobody' })).toEqual([]);
    expect(await load('tableDatabaseBases', { credentials: 'airtableToken' })).toEqual([]);
    expect(await load('notesWorkspaceDatabases', { credentials: 'broker' })).toEqual([]);
  });
});
