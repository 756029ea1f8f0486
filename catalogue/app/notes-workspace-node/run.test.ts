import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import { NOTION_VERSION } from '../tool-service/direct.ts';
import { startRecordingServer, type RecordingServer } from '../tool-service/testing/recording-server.ts';
import notesNode from './run.ts';

const KEY = 'tool-service-key-0123456789';
let service: RecordingServer;
let notion: RecordingServer;
let serviceReply: { status?: number; body?: unknown } = { body: { data: { ok: 1 }, error: null, successful: true } };

beforeAll(async () => {
  service = await startRecordingServer(() => serviceReply);
  notion = await startRecordingServer((r) => {
    if (r.method === 'GET' && r.path === '/v1/pages/p1') return { body: { object: 'page', id: 'p1', parent: { type: 'page_id', page_id: 'root' }, properties: { Name: { id: 'title', type: 'title', title: [{ type: 'text', text: { content: 'Plan' } }] } } } };
    if (r.method === 'GET' && r.path.startsWith('/v1/blocks/p1/children')) return { body: { results: [{ id: 'b1', type: 'paragraph', paragraph: { rich_text: [] } }, { id: 'b2', type: 'child_page', child_page: {} }] } };
    if (r.path.startsWith('/v1/pages/gone')) return { status: 404, body: { object: 'error', status: 404, code: 'object_not_found', message: 'Could not find page with ID: gone.' } };
    return { body: { object: 'ok' } };
  });
});
afterAll(async () => {
  await service.close();
  await notion.close();
});
beforeEach(() => {
  service.requests.length = 0;
  notion.requests.length = 0;
});

const credentials: Record<string, Record<string, unknown>> = { broker: { composioId: 'ca_notes_1' }, direct: { apiToken: 'ntn_0123456789abcdef' } };
const ctx = () =>
  testContext({
    serviceUrls: { toolService: service.url, notion: `${notion.url}/v1` },
    allowOutbound: [service.host, notion.host],
    toolServiceKey: KEY,
    credentials: { get: async (name) => credentials[name] ?? Promise.reject(new Error(`No credentials found for ${name}`)) },
  });
const run = (values: Record<string, unknown>) => runNode(notesNode, values, ctx());
const calls = () => service.requests.map((r) => [r.path, (r.body as { arguments: unknown }).arguments]);

describe('notes workspace node through the tool-execution service', () => {
  it('adds text as one paragraph, a JSON block as the block, a JSON list as block children', async () => {
    await run({ credentials: 'broker', action: 'addContentToPage', pageId: 'p1', content: 'Hello there' });
    await run({ credentials: 'broker', action: 'addContentToPage', pageId: 'p1', content: '{"content": "Title", "block_property": "heading_1"}' });
    await run({ credentials: 'broker', action: 'addContentToPage', pageId: 'p1', blockId: 'b9', content: '[{"type": "divider", "divider": {}}]' });
    expect(calls()).toEqual([
      ['/tools/execute/NOTION_ADD_PAGE_CONTENT', { parent_block_id: 'p1', content_block: { content: 'Hello there', block_property: 'paragraph' } }],
      ['/tools/execute/NOTION_ADD_PAGE_CONTENT', { parent_block_id: 'p1', content_block: { content: 'Title', block_property: 'heading_1' } }],
      ['/tools/execute/NOTION_APPEND_BLOCK_CHILDREN', { block_id: 'b9', children: [{ type: 'divider', divider: {} }] }],
    ]);
    expect(service.requests[0].headers['x-api-key']).toBe(KEY);
    expect((service.requests[0].body as { connected_account_id: string }).connected_account_id).toBe('ca_notes_1');
  });

  it('adds multiple page content: one paragraph a line of text, or the JSON list of blocks; creates a database', async () => {
    await run({ credentials: 'broker', action: 'addMultiplePageContent', pageId: 'p1', content: 'First\n\n  Second  ' });
    await run({ credentials: 'broker', action: 'addMultiplePageContent', pageId: 'p1', blockId: 'b9', content: '[{"content": "Title", "block_property": "heading_1"}, "Body"]' });
    await run({ credentials: 'broker', action: 'createDatabase', parent: 'root', title: 'Tasks', properties: '{"Task": {"title": {}}, "Done": {"checkbox": {}}}' });
    expect(calls()).toEqual([
      ['/tools/execute/NOTION_ADD_MULTIPLE_PAGE_CONTENT', { parent_block_id: 'p1', content_blocks: [{ content: 'First', block_property: 'paragraph' }, { content: 'Second', block_property: 'paragraph' }] }],
      ['/tools/execute/NOTION_ADD_MULTIPLE_PAGE_CONTENT', { parent_block_id: 'b9', content_blocks: [{ content: 'Title', block_property: 'heading_1' }, { content: 'Body', block_property: 'paragraph' }] }],
      ['/tools/execute/NOTION_CREATE_DATABASE', { parent_id: 'root', title: 'Tasks', properties: { Task: { title: {} }, Done: { checkbox: {} } } }],
    ]);
    await expect(run({ credentials: 'broker', action: 'createDatabase', title: 'Tasks' })).rejects.toThrow('Parent page is required to create a database');
  });

  it('archives (archive true), comments, creates pages and rows, fetches data', async () => {
    await run({ credentials: 'broker', action: 'archivePage', pageId: 'p1' });
    await run({ credentials: 'broker', action: 'createComment', pageId: 'p1', commentText: 'Nice' });
    await run({ credentials: 'broker', action: 'createPage', parent: 'root', title: 'New' });
    await run({ credentials: 'broker', action: 'createPage', parentDatabase: 'db1', properties: '{"Name": {"title": [{"text": {"content": "Row"}}]}}' });
    await run({ credentials: 'broker', action: 'fetchData', getDatabases: true, getPages: false, queryFetchData: 'roadmap' });
    await run({ credentials: 'broker', action: 'searchPage', query: 'plan' });
    expect(calls()).toEqual([
      ['/tools/execute/NOTION_ARCHIVE_NOTION_PAGE', { page_id: 'p1', archive: true }],
      ['/tools/execute/NOTION_CREATE_COMMENT', { parent_page_id: 'p1', comment: { content: 'Nice' } }],
      ['/tools/execute/NOTION_CREATE_NOTION_PAGE', { parent_id: 'root', title: 'New' }],
      ['/tools/execute/NOTION_INSERT_ROW_DATABASE', { database_id: 'db1', properties: { Name: { title: [{ text: { content: 'Row' } }] } } }],
      ['/tools/execute/NOTION_FETCH_DATA', { get_all: false, get_databases: true, get_pages: false, page_size: 100, query: 'roadmap' }],
      ['/tools/execute/NOTION_SEARCH_NOTION_PAGE', { query: 'plan' }],
    ]);
  });

  it("fails with the spec's text for the action", async () => {
    serviceReply = { body: { data: null, error: 'Page is archived', successful: false } };
    await expect(run({ credentials: 'broker', action: 'addContentToPage', pageId: 'p1', content: 'x' })).rejects.toThrow('Failed to add page content: Page is archived');
    await expect(run({ credentials: 'broker', action: 'addContentToPage', pageId: 'p1', content: '[]' })).rejects.toThrow('Failed to append block children: Page is archived');
    await expect(run({ credentials: 'broker', action: 'addMultiplePageContent', pageId: 'p1', content: 'x' })).rejects.toThrow('Failed to add multiple page content: Page is archived');
    await expect(run({ credentials: 'broker', action: 'createDatabase', parent: 'p1' })).rejects.toThrow('Failed to create database: Page is archived');
    await expect(run({ credentials: 'broker', action: 'archivePage', pageId: 'p1' })).rejects.toThrow('Failed to archive page: Page is archived');
    await expect(run({ credentials: 'broker', action: 'createComment', pageId: 'p1', commentText: 'x' })).rejects.toThrow('Failed to create comment: Page is archived');
    await expect(run({ credentials: 'broker', action: 'createPage', parent: 'p1' })).rejects.toThrow('Failed to create page: Page is archived');
    await expect(run({ credentials: 'broker', action: 'fetchData' })).rejects.toThrow('Failed to fetch data: Page is archived');
    await expect(run({ credentials: 'broker', action: 'queryDatabase', databaseId: 'd' })).rejects.toThrow('Failed to execute NOTION_QUERY_DATABASE: Page is archived');
    serviceReply = { body: { data: { ok: 1 }, error: null, successful: true } };
  });
});

describe('notes workspace node straight at the Notion API (integration token)', () => {
  it('sends the Notion API requests with the bearer token and Notion-Version', async () => {
    await run({ credentials: 'direct', action: 'addContentToPage', pageId: 'p1', content: 'Hello' });
    await run({ credentials: 'direct', action: 'archivePage', pageId: 'p1' });
    await run({ credentials: 'direct', action: 'createComment', pageId: 'p1', commentText: 'Nice' });
    await run({ credentials: 'direct', action: 'queryDatabase', databaseId: 'db1' });
    await run({ credentials: 'direct', action: 'fetchDatabase', databaseId: 'db1', rowId: 'r1', propertyId: 'abc' });
    const text = (content: string) => [{ type: 'text', text: { content } }];
    expect(notion.requests.map((r) => [r.method, r.path, r.body ?? null])).toEqual([
      ['PATCH', '/v1/blocks/p1/children', { children: [{ object: 'block', type: 'paragraph', paragraph: { rich_text: text('Hello') } }] }],
      ['PATCH', '/v1/pages/p1', { archived: true }],
      ['POST', '/v1/comments', { parent: { page_id: 'p1' }, rich_text: text('Nice') }],
      ['POST', '/v1/databases/db1/query', { page_size: 100 }],
      ['GET', '/v1/pages/r1/properties/abc', null],
    ]);
    for (const r of notion.requests) {
      expect(r.headers.authorization).toBe('Bearer ntn_0123456789abcdef');
      expect(r.headers['notion-version']).toBe(NOTION_VERSION);
    }
  });

  it('adds multiple blocks in one request and creates a database (a Name title column by default)', async () => {
    await run({ credentials: 'direct', action: 'addMultiplePageContent', pageId: 'p1', content: '[{"content": "Title", "block_property": "heading_1"}, {"type": "divider", "divider": {}}, "Body"]' });
    await run({ credentials: 'direct', action: 'createDatabase', parent: 'root', title: 'Tasks' });
    const text = (content: string) => [{ type: 'text', text: { content } }];
    expect(notion.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        'PATCH',
        '/v1/blocks/p1/children',
        {
          children: [
            { object: 'block', type: 'heading_1', heading_1: { rich_text: text('Title') } },
            { type: 'divider', divider: {} },
            { object: 'block', type: 'paragraph', paragraph: { rich_text: text('Body') } },
          ],
        },
      ],
      ['POST', '/v1/databases', { parent: { type: 'page_id', page_id: 'root' }, title: text('Tasks'), properties: { Name: { title: {} } } }],
    ]);
  });

  it('duplicates a page: reads it and its blocks, creates the copy', async () => {
    await run({ credentials: 'direct', action: 'duplicatePage', pageId: 'p1', title: 'Plan (copy)' });
    expect(notion.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/v1/pages/p1'], ['GET', '/v1/blocks/p1/children?page_size=100'], ['POST', '/v1/pages']]);
    expect(notion.requests[2].body).toEqual({
      parent: { type: 'page_id', page_id: 'root' },
      properties: { Name: { title: [{ type: 'text', text: { content: 'Plan (copy)' } }] } },
      children: [{ object: 'block', type: 'paragraph', paragraph: { rich_text: [] } }],
    });
  });

  it("answers the API's message", async () => {
    await expect(run({ credentials: 'direct', action: 'archivePage', pageId: 'gone' })).rejects.toThrow('Failed to archive page: Could not find page with ID: gone.');
  });
});
