import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { definition } from '../../../catalogue/data-source/sharepoint-trigger-node/definition.ts';
import { sharepointSiteUrls } from '../../../catalogue/data-source/sharepoint-trigger-node/loaders.ts';
import { startLoopbackApi, type Answer, type LoopbackApi } from '../../../catalogue/testing/loopback-api.ts';
import { applyDefaults } from '../../../catalogue/values.ts';
import { sharepointReader, sitePathOf } from '../../../catalogue/data-source/sharepoint-trigger-node/sync-reader.ts';
import { ACCESS_TOKEN, fileItem, graphTable, list, loaderContext as graphLoaderContext, microsoftCredential, readAll, readContext } from './testing/graph-drives.ts';

let graph: LoopbackApi;
const table = new Map<string, Answer | (() => Answer)>();
const SITE_ID = 'contoso.sharepoint.com,1111,2222';
const values = (given: Record<string, unknown> = {}) =>
  applyDefaults(definition, { credentials: 'sp', site_url: 'https://contoso.sharepoint.com/sites/marketing/', search_scope: 'ACCESSIBLE_DRIVES', ...given });

beforeAll(async () => {
  graph = await startLoopbackApi(graphTable(table));
  table.set('/sites/contoso.sharepoint.com:/sites/marketing', { body: { id: SITE_ID, webUrl: 'https://contoso.sharepoint.com/sites/marketing' } });
  table.set(`/sites/${SITE_ID}/drives`, list({ id: 'lib-1', name: 'Documents' }, { id: 'lib-2', name: 'Policies' }));
  table.set('/drives/lib-1/root', { body: { id: 'root-1' } });
  table.set('/drives/lib-2/root', { body: { id: 'root-2' } });
  table.set('/drives/lib-1/items/root-1/children', list(fileItem('plan', 'plan.txt', '2026-05-01T00:00:00Z')));
  table.set('/drives/lib-2/items/root-2/children', list(fileItem('policy', 'policy.md', '2026-04-01T00:00:00Z'), fileItem('sheet', 'sheet.xlsx', '2026-04-01T00:00:00Z')));
  table.set('/drives/lib-1/items/plan/content', { body: 'The plan.' });
  table.set('/drives/lib-2/items/policy/content', { body: 'The policy.' });
  table.set('/sites?search=*', list(
    { id: SITE_ID, displayName: 'Marketing', webUrl: 'https://contoso.sharepoint.com/sites/marketing' },
    { id: 'x', name: 'root', webUrl: 'https://contoso.sharepoint.com' },
    { id: 'no-url', displayName: 'Broken' },
  ));
});
afterAll(() => graph.close());
beforeEach(() => void (graph.seen.length = 0));

describe('the SharePoint Business reader (Microsoft Graph)', () => {
  it("reads every document library of the site at site_url, as the connected user", async () => {
    const runs = (await readAll(sharepointReader, readContext(graph, values()))).flatMap((batch) => batch.runs);
    expect(runs).toEqual([
      { document_key: 'Policies/policy.md', content: 'The policy.', _ab_source_file_last_modified: '2026-04-01T00:00:00Z', _ab_source_file_url: 'https://contoso-my.sharepoint.com/policy.md', _ab_source_file_parse_error: null },
      { document_key: 'Documents/plan.txt', content: 'The plan.', _ab_source_file_last_modified: '2026-05-01T00:00:00Z', _ab_source_file_url: 'https://contoso-my.sharepoint.com/plan.txt', _ab_source_file_parse_error: null },
    ]);
    expect(graph.seen.slice(0, 2).map((request) => request.url)).toEqual(['/sites/contoso.sharepoint.com:/sites/marketing', `/sites/${SITE_ID}/drives`]);
    expect(graph.seen.every((request) => request.headers.authorization === `Bearer ${ACCESS_TOKEN}`)).toBe(true);
  });

  it('turns a site URL into its Graph path; refuses what is no URL', () => {
    expect(sitePathOf('https://contoso.sharepoint.com')).toBe('/sites/contoso.sharepoint.com');
    expect(sitePathOf('https://contoso.sharepoint.com/sites/Team%20A')).toBe('/sites/contoso.sharepoint.com:/sites/Team%20A');
    expect(() => sitePathOf('marketing')).toThrow('Invalid site URL: marketing');
  });

  it('checks the stored credential (spec 001 §5) and re-saves the source for anything but the schedule', () => {
    expect(() => sharepointReader.check(values(), { ...microsoftCredential, refresh_token: undefined })).toThrow('Credentials not found for workflow');
    expect(sharepointReader.resyncOn).toEqual(['credentials', 'site_url', 'folder_path', 'globs', 'search_scope', 'strategy', 'days_to_sync_if_history_is_full', 'start_date']);
  });
});

describe('the site dropdown (POST /api/sharepoint/get-site-urls)', () => {
  const loaderContext = (fields: Record<string, unknown>) => graphLoaderContext(graph, fields);

  it('lists the sites the credential reaches, by name and URL', async () => {
    expect(await sharepointSiteUrls({ credentials: 'sp' }, loaderContext(microsoftCredential))).toEqual([
      { label: 'Marketing', value: 'https://contoso.sharepoint.com/sites/marketing' },
      { label: 'root', value: 'https://contoso.sharepoint.com' },
    ]);
    expect([graph.seen[0]!.url, graph.seen[0]!.headers.authorization]).toEqual(['/sites?search=*', `Bearer ${ACCESS_TOKEN}`]);
  });

  it('answers an empty list without a credential or a token, or when Graph refuses', async () => {
    expect(await sharepointSiteUrls({}, loaderContext(microsoftCredential))).toEqual([]);
    expect(await sharepointSiteUrls({ credentials: 'sp' }, loaderContext({}))).toEqual([]);
    table.set('/sites?search=*', { status: 403, body: { error: { code: 'accessDenied' } } });
    expect(await sharepointSiteUrls({ credentials: 'sp' }, loaderContext(microsoftCredential))).toEqual([]);
  });
});
