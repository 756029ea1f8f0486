import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pdfOf, pptxOf } from '../../../catalogue/app/extract-file-node/testing/documents.ts';
import { definition } from '../../../catalogue/data-source/onedrive-trigger-node/definition.ts';
import { startLoopbackApi, type LoopbackApi } from '../../../catalogue/testing/loopback-api.ts';
import type { Answer } from '../../../catalogue/testing/loopback-api.ts';
import { applyDefaults } from '../../../catalogue/values.ts';
import { onedriveReader } from '../../../catalogue/data-source/onedrive-trigger-node/sync-reader.ts';
import { onedriveDriveNames } from '../../../catalogue/data-source/onedrive-trigger-node/loaders.ts';
import { ACCESS_TOKEN, fileItem, folderItem, graphTable, list, loaderContext, microsoftCredential, readAll, readContext } from './testing/graph-drives.ts';

let graph: LoopbackApi;
const table = new Map<string, Answer | (() => Answer)>();
const values = (given: Record<string, unknown> = {}) => applyDefaults(definition, { credentials: 'drive', folder_path: 'Reports', ...given });

beforeAll(async () => {
  graph = await startLoopbackApi(graphTable(table));
  table.set('/me/drives', list({ id: 'drive-1', name: 'OneDrive' }, { id: 'drive-2', name: 'Archive' }));
  table.set('/drives/drive-1/root:/Reports', { body: { id: 'reports' } });
  table.set('/drives/drive-1/items/reports/children', list(
    fileItem('q1', 'q1.pdf', '2026-03-01T10:00:00Z'),
    fileItem('photo', 'photo.png', '2026-03-01T10:00:00Z'),
    fileItem('broken', 'broken.docx', '2026-03-02T10:00:00Z'),
    folderItem('old', 'Old'),
  ));
  table.set('/drives/drive-1/items/old/children', list(fileItem('notes', 'notes.md', '2026-01-15T08:30:00Z'), fileItem('deck', 'deck.pptx', '2026-01-20T08:30:00Z')));
  table.set('/drives/drive-1/items/deck/content', { body: await pptxOf([[['Roadmap']], [['Ship it']]]) });
  table.set('/me/drive/sharedWithMe', list({ id: 'local-1', remoteItem: { ...fileItem('brief', 'brief.txt', '2026-02-01T00:00:00Z'), parentReference: { driveId: 'drive-9' } } }));
  table.set('/drives/drive-1/items/q1/content', { body: await pdfOf(['Revenue rose', 'Costs fell']) });
  table.set('/drives/drive-1/items/broken/content', { body: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]) });
  table.set('/drives/drive-1/items/notes/content', { body: '# Notes\nKeep it short.' });
  table.set('/drives/drive-9/items/brief/content', { body: 'The brief.' });
}, 30_000);
afterAll(() => graph.close());
beforeEach(() => void (graph.seen.length = 0));

describe('the OneDrive Business reader (Microsoft Graph)', () => {
  it('reads the named drive below the folder and the shared items, one run per document, oldest change first', async () => {
    const ctx = readContext(graph, values());
    const batches = await readAll(onedriveReader, ctx);
    expect(ctx.totals).toEqual([5]);
    const runs = batches.flatMap((batch) => batch.runs);
    expect(runs.map((run) => run.document_key)).toEqual(['OneDrive/Reports/Old/notes.md', 'OneDrive/Reports/Old/deck.pptx', 'shared/brief.txt', 'OneDrive/Reports/q1.pdf', 'OneDrive/Reports/broken.docx']);
    expect(runs[0]).toEqual({
      document_key: 'OneDrive/Reports/Old/notes.md',
      content: '# Notes\nKeep it short.',
      _ab_source_file_last_modified: '2026-01-15T08:30:00Z',
      _ab_source_file_url: 'https://contoso-my.sharepoint.com/notes.md',
      _ab_source_file_parse_error: null,
    });
    expect(runs[1]!.content).toBe('Roadmap\n\nShip it');
    expect(runs[3]!.content).toMatch(/Revenue rose[\s\S]*Costs fell/);
    // a file no parser reads still starts its run, saying why
    expect(runs[4]).toMatchObject({ content: '', _ab_source_file_parse_error: expect.stringMatching(/^Invalid or unsupported file format/) });

    const paths = graph.seen.map((request) => `${request.method} ${request.url}`);
    expect(paths.slice(0, 5)).toEqual([
      'GET /me/drives',
      'GET /drives/drive-1/root:/Reports',
      'GET /drives/drive-1/items/reports/children',
      'GET /drives/drive-1/items/old/children',
      'GET /me/drive/sharedWithMe',
    ]);
    expect(paths).not.toContain('GET /drives/drive-1/items/photo/content');
    expect(paths).toContain('GET /drives/drive-9/items/brief/content');
    expect(graph.seen.every((request) => request.headers.authorization === `Bearer ${ACCESS_TOKEN}`)).toBe(true);
  }, 60_000);

  it('reads only what changed since the last sync (incremental), in batches whose cursor resumes after them', async () => {
    const first = await readAll(onedriveReader, readContext(graph, values({ search_scope: 'ACCESSIBLE_DRIVES' }), null, 2));
    expect(first.map((batch) => batch.records)).toEqual([2, 2]);
    const cursor = first.at(-1)!.cursor;
    expect(cursor).toEqual({ modifiedAt: Date.parse('2026-03-02T10:00:00Z'), keys: ['OneDrive/Reports/broken.docx'] });

    // nothing changed: nothing read, nothing downloaded
    graph.seen.length = 0;
    expect(await readAll(onedriveReader, readContext(graph, values({ search_scope: 'ACCESSIBLE_DRIVES' }), cursor))).toEqual([]);
    expect(graph.seen.some((request) => request.url.endsWith('/content'))).toBe(false);

    // a file edited later and a new one sharing the cursor's timestamp are read; the rest is not
    const children = table.get('/drives/drive-1/items/reports/children');
    table.set('/drives/drive-1/items/reports/children', list(
      fileItem('q1', 'q1.pdf', '2026-04-01T09:00:00Z'),
      fileItem('broken', 'broken.docx', '2026-03-02T10:00:00Z'),
      fileItem('late', 'late.txt', '2026-03-02T10:00:00Z'),
      folderItem('old', 'Old'),
    ));
    table.set('/drives/drive-1/items/late/content', { body: 'late but there' });
    try {
      const second = await readAll(onedriveReader, readContext(graph, values({ search_scope: 'ACCESSIBLE_DRIVES' }), cursor));
      expect(second.flatMap((batch) => batch.runs).map((run) => run.document_key)).toEqual(['OneDrive/Reports/late.txt', 'OneDrive/Reports/q1.pdf']);
      // full refresh: the engine hands no cursor, so everything is read again
      const full = await readAll(onedriveReader, readContext(graph, values({ search_scope: 'ACCESSIBLE_DRIVES', syncMode: 'full_refresh' })));
      expect(full.flatMap((batch) => batch.runs)).toHaveLength(5);
    } finally {
      table.set('/drives/drive-1/items/reports/children', children!);
    }
  }, 90_000);

  it('leaves out files modified before start_date, keeps the globs, and reads the root for folder .', async () => {
    table.set('/drives/drive-1/root', { body: { id: 'root-1' } });
    table.set('/drives/drive-1/items/root-1/children', list(folderItem('reports', 'Reports')));
    const runs = (await readAll(onedriveReader, readContext(graph, values({ folder_path: '.', search_scope: 'ACCESSIBLE_DRIVES', start_date: '2026-02-01T00:00:00.000000Z', globs: ['**/*.pdf'] })))).flatMap((b) => b.runs);
    expect(runs.map((run) => run.document_key)).toEqual(['OneDrive/Reports/q1.pdf']);
    expect(graph.seen[1]!.url).toBe('/drives/drive-1/root');
  });

  it('fails on a drive name the credential does not reach, and on a Graph refusal', async () => {
    await expect(readAll(onedriveReader, readContext(graph, values({ drive_name: 'Nope' })))).rejects.toThrow('No drive named Nope among the drives of the credential');
    await expect(readAll(onedriveReader, readContext(graph, values({ folder_path: 'Missing' })))).rejects.toThrow(/^Graph API error: 404/);
  });

  it('checks the stored credential and the start date before a job is set up (spec 001 §5)', () => {
    expect(() => onedriveReader.check(values(), microsoftCredential)).not.toThrow();
    for (const field of ['refresh_token', 'client_id', 'client_secret', 'tenant_id']) {
      expect(() => onedriveReader.check(values(), { ...microsoftCredential, [field]: '' })).toThrow('Credentials not found for workflow');
    }
    expect(() => onedriveReader.check(values({ start_date: '2026-01-01' }), microsoftCredential)).toThrow(/^Start date must be a UTC timestamp/);
  });

  it('re-saves the source for anything but the schedule (spec 001 §4)', () => {
    expect(onedriveReader.recreateOn).toEqual([]);
    expect(onedriveReader.resyncOn).toEqual(['credentials', 'drive_name', 'folder_path', 'globs', 'search_scope', 'strategy', 'days_to_sync_if_history_is_full', 'start_date']);
  });

  it('offers the drive names the credential reaches in the Drive name dropdown, [] when it cannot', async () => {
    expect(await onedriveDriveNames({ credentials: 'drive' }, loaderContext(graph, microsoftCredential))).toEqual([
      { label: 'OneDrive', value: 'OneDrive' },
      { label: 'Archive', value: 'Archive' },
    ]);
    expect([graph.seen[0]!.url, graph.seen[0]!.headers.authorization]).toEqual(['/me/drives', `Bearer ${ACCESS_TOKEN}`]);
    expect(await onedriveDriveNames({ credentials: 'drive' }, loaderContext(graph, {}))).toEqual([]);
  });
});
