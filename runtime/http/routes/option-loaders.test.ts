import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackApi, type LoopbackApi } from '../../../catalogue/testing/loopback-api.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

const ACCESS = 'graph-access-token-for-loader-route-0123456789';
const AIRTABLE = 'patLoaderRoute.0123456789abcdef';
let weft: TestWeft;
let graph: LoopbackApi;
let projectId = '';

beforeAll(async () => {
  graph = await startLoopbackApi((request) =>
    request.url === '/me/joinedTeams'
      ? { body: { value: [{ id: 'team-1', displayName: 'Engineering' }, { id: 'team-2', displayName: 'Sales' }] } }
      : request.url === '/meta/bases' && request.headers.authorization === `Bearer ${AIRTABLE}`
        ? { body: { bases: [{ id: 'app1', name: 'CRM' }] } }
        : request.url === '/teams/team-1/channels'
        ? { body: { value: [{ id: '19:general@thread.tacv2', displayName: 'General' }] } }
        : request.url === '/sites?search=*'
          ? { body: { value: [{ id: 'site-1', displayName: 'Marketing', webUrl: 'https://contoso.sharepoint.com/sites/marketing' }] } }
          : { status: 500, body: { error: { code: 'InternalServerError', message: `echo ${request.headers.authorization}` } } },
  );
  // one loopback plays Microsoft Graph, Airtable and Notion (which refuses everything)
  weft = await startTestWeft({ serviceUrls: { graph: graph.url, airtable: graph.url, notion: graph.url }, outboundAllow: [graph.hostPort] });
  await weft.accounts.organisations.update(weft.admin.organisation.id, { plan: 'team' });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Teams loaders' })).id;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, {
    name: 'teams',
    credential_type: 'teamsOauth',
    marketplace_id: 11,
    credentials: { tenant_id: 'tenant-1', access_token: ACCESS, refresh_token: 'refresh-token-secret-000000', client_id: 'app', client_secret: 'app-secret-value-0000000000' },
  });
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'airtable', credential_type: 'tableDatabaseOauth', credentials: { apiToken: AIRTABLE } });
  await weft.api('POST', `/api/projects/${projectId}/credentials`, { name: 'notion', credential_type: 'notesWorkspaceOauth', credentials: { apiToken: 'ntn_loader_route_0123456789' } });
}, 60_000);
afterAll(async () => {
  await weft?.close();
  await graph?.close();
});

describe('option loaders over HTTP', () => {
  it('runs a registered loader for the project with the form’s values', async () => {
    const options = await weft.api('POST', `/api/projects/${projectId}/load-options/teamsGetTeams`, { input: { credentials: 'teams' } });
    expect(options).toEqual([
      { label: 'Engineering', value: 'team-1' },
      { label: 'Sales', value: 'team-2' },
    ]);
    const seen = graph.seen.at(-1)!;
    expect([seen.method, seen.url, seen.headers.authorization]).toEqual(['GET', '/me/joinedTeams', `Bearer ${ACCESS}`]);
  });

  it('answers the spec’s paths, /api/teams/get-*, with input.projectId naming the project', async () => {
    expect(await weft.api('POST', '/api/teams/get-channels', { input: { projectId, credentials: 'teams', teamId: 'team-1' } })).toEqual([
      { label: 'General', value: '19:general@thread.tacv2' },
    ]);
    expect(await weft.api('POST', '/api/teams/get-teams', { input: { projectId, credentials: 'teams' } })).toHaveLength(2);
    const missing = await weft.request('POST', '/api/teams/get-teams', { input: { credentials: 'teams' } });
    expect(missing.status).toBe(400);
  });

  it('answers the table database’s and notes workspace’s spec paths (list-bases … list-databases) the same way', async () => {
    expect(await weft.api('POST', '/api/table-database/list-bases', { input: { projectId, credentials: 'airtable' } })).toEqual([{ label: 'CRM', value: 'app1' }]);
    expect(graph.seen.at(-1)!.headers.authorization).toBe(`Bearer ${AIRTABLE}`);
    for (const path of ['list-tables', 'list-fields', 'list-records']) {
      expect(await weft.api('POST', `/api/table-database/${path}`, { input: { projectId, credentials: 'airtable', baseId: 'app1', tableIdOrName: 'Tasks' } })).toEqual([]);
    }
    for (const path of ['list-pages', 'list-databases']) {
      expect(await weft.api('POST', `/api/notes-workspace/${path}`, { input: { projectId, credentials: 'notion' } })).toEqual([]);
    }
    expect((await weft.request('POST', '/api/notes-workspace/list-pages', { input: { credentials: 'notion' } })).status).toBe(400);
  });

  it('answers POST /api/sharepoint/get-site-urls as {sites} (spec 001 §7), {sites: []} when it cannot load', async () => {
    await weft.api('POST', `/api/projects/${projectId}/credentials`, {
      name: 'sp',
      credential_type: 'sharepointOauth',
      marketplace_id: 10,
      credentials: { tenant_id: 'tenant-1', access_token: ACCESS, refresh_token: 'refresh-token-secret-000000', client_id: 'app', client_secret: 'app-secret-value-0000000000' },
    });
    expect(await weft.api('POST', '/api/sharepoint/get-site-urls', { input: { projectId, credentials: 'sp' } })).toEqual({
      sites: [{ label: 'Marketing', value: 'https://contoso.sharepoint.com/sites/marketing' }],
    });
    expect(graph.seen.at(-1)!.url).toBe('/sites?search=*');
    expect(await weft.api('POST', '/api/sharepoint/get-site-urls', { input: { projectId, credentials: 'missing' } })).toEqual({ sites: [] });
  });

  it('answers [] when the loader fails, never the secret', async () => {
    const response = await weft.request('POST', '/api/teams/get-chats', { input: { projectId, credentials: 'teams' } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual([]);
    expect(text).not.toContain(ACCESS);
    expect(await weft.api('POST', `/api/projects/${projectId}/load-options/teamsGetTeams`, { input: { credentials: 'nope' } })).toEqual([]);
  });

  it('refuses an unknown loader, another organisation’s project and a request without a session', async () => {
    expect((await weft.request('POST', `/api/projects/${projectId}/load-options/noSuchLoader`, { input: {} })).status).toBe(404);
    const stranger = await weft.createUser();
    const before = graph.seen.length;
    expect((await stranger.request('POST', `/api/projects/${projectId}/load-options/teamsGetTeams`, { input: { credentials: 'teams' } })).status).toBe(404);
    expect((await stranger.request('POST', '/api/teams/get-teams', { input: { projectId, credentials: 'teams' } })).status).toBe(404);
    expect((await weft.anonymous.request('POST', '/api/teams/get-teams', { input: { projectId, credentials: 'teams' } })).status).toBe(401);
    expect(graph.seen.length).toBe(before);
  });
});
