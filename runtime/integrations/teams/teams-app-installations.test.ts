/**
 * The bot's Teams app installed where a deployed Teams trigger listens, through a loopback server
 * speaking Microsoft Graph's installedApps API: checked, installed and read back on deploy,
 * left alone when already there, uninstalled on stop; a Graph refusal refuses the deploy (400).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLoopbackApi, type LoopbackApi, type SeenRequest } from '../../../catalogue/testing/loopback-api.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const ACCESS = 'delegated-graph-access-token-install-0123456789';
const CATALOG_APP = 'e3e29acb-8c79-412b-b746-e6c39ff4cd22';
const CHAT = '19:group-chat@thread.v2';
const TEAM = '02bd9fd6-8f93-4758-87c3-1fb73740a315';

let weft: TestWeft;
let graph: LoopbackApi;
let projectId = '';
/** what the loopback Graph holds: installations by chat or team path */
let installed: Record<string, Array<{ id: string; teamsApp: { id: string; displayName: string } }>> = {};

const calls = (seen: SeenRequest[]) => seen.map((r) => [r.method, r.url, r.body ? JSON.parse(r.body) : null]);

beforeAll(async () => {
  graph = await startLoopbackApi();
  weft = await startTestWeft({ serviceUrls: { graph: graph.url }, outboundAllow: [graph.hostPort] });
  await weft.accounts.organisations.update(weft.admin.organisation.id, { plan: 'team' });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Teams app' })).id;
  await weft.api('POST', `/api/projects/${projectId}/credentials`, {
    name: 'teams',
    credential_type: 'teamsOauth',
    marketplace_id: 11,
    credentials: { tenant_id: TENANT, client_id: 'bot-app-id', client_secret: 'bot-client-secret-0123456789', access_token: ACCESS, refresh_token: 'refresh-0123456789' },
  });
}, 60_000);
afterAll(async () => {
  await weft?.close();
  await graph?.close();
});
beforeEach(() => {
  graph.seen.length = 0;
  installed = {};
  graph.respond((request) => {
    const [path] = request.url.split('?');
    const list = path.match(/^\/(chats|teams)\/([^/]+)\/installedApps$/);
    if (list && request.method === 'GET') return { body: { '@odata.context': 'x', value: installed[path] ?? [] } };
    if (list && request.method === 'POST') {
      const bound = (JSON.parse(request.body) as Record<string, string>)['teamsApp@odata.bind'];
      installed[path] = [...(installed[path] ?? []), { id: `installation-${Object.keys(installed).length + 1}`, teamsApp: { id: bound.split('/').pop()!, displayName: 'weft bot' } }];
      return { status: 201 };
    }
    const one = path.match(/^(\/(?:chats|teams)\/[^/]+\/installedApps)\/([^/]+)$/);
    if (one && request.method === 'DELETE') {
      installed[one[1]] = (installed[one[1]] ?? []).filter((app) => app.id !== decodeURIComponent(one[2]));
      return { status: 204 };
    }
    return { status: 404, body: { error: { code: 'NotFound', message: 'no such resource' } } };
  });
});

async function flowWith(values: Record<string, unknown>) {
  return weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: 'Group chat bot',
    nodes: [{ id: 'teamsTrigger_1', type: 'teamsTriggerNode', position: { x: 0, y: 0 }, values: { credentials: 'teams', teamsAppId: CATALOG_APP, ...values } }],
    edges: [],
  });
}

describe('the Teams trigger installs its app through Microsoft Graph', () => {
  it('installs the app in the group chat on deploy, keeps it on redeploy, uninstalls it on stop', async () => {
    const flow = await flowWith({ conversationType: 'groupChat', chatId: CHAT });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const chat = `/chats/${encodeURIComponent(CHAT)}/installedApps`;
    expect(calls(graph.seen)).toEqual([
      ['GET', `${chat}?$expand=teamsApp`, null],
      ['POST', chat, { 'teamsApp@odata.bind': `${graph.url}/appCatalogs/teamsApps/${CATALOG_APP}` }],
      ['GET', `${chat}?$expand=teamsApp`, null],
    ]);
    expect(graph.seen.every((r) => r.headers.authorization === `Bearer ${ACCESS}`)).toBe(true);
    expect(graph.seen[1].headers['content-type']).toBe('application/json');

    graph.seen.length = 0;
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(calls(graph.seen)).toEqual([['GET', `${chat}?$expand=teamsApp`, null]]);

    graph.seen.length = 0;
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'inactive' });
    expect(calls(graph.seen)).toEqual([['DELETE', `${chat}/installation-1`, null]]);
    expect(installed[chat]).toEqual([]);
  });

  it('moves the app when the trigger names another chat, and installs it again when it was removed in Teams', async () => {
    const flow = await flowWith({ conversationType: 'groupChat', chatId: CHAT });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    const first = `/chats/${encodeURIComponent(CHAT)}/installedApps`;
    const other = `/chats/${encodeURIComponent('19:other@thread.v2')}/installedApps`;
    await weft.api('PUT', `/api/flows/${flow.id}`, {
      nodes: [{ id: 'teamsTrigger_1', type: 'teamsTriggerNode', position: { x: 0, y: 0 }, values: { credentials: 'teams', teamsAppId: CATALOG_APP, conversationType: 'groupChat', chatId: '19:other@thread.v2' } }],
    });
    graph.seen.length = 0;
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(calls(graph.seen).map(([method, url]) => [method, url])).toEqual([
      ['GET', `${other}?$expand=teamsApp`],
      ['POST', other],
      ['GET', `${other}?$expand=teamsApp`],
      ['DELETE', `${first}/installation-1`],
    ]);
    installed[other] = [];
    graph.seen.length = 0;
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(calls(graph.seen).map(([method, url]) => [method, url])).toEqual([
      ['GET', `${other}?$expand=teamsApp`],
      ['POST', other],
      ['GET', `${other}?$expand=teamsApp`],
    ]);
  });

  it('leaves an app that was in the team already alone, on deploy and on stop', async () => {
    const team = `/teams/${TEAM}/installedApps`;
    installed[team] = [{ id: 'admins-installation', teamsApp: { id: CATALOG_APP, displayName: 'weft bot' } }];
    const flow = await flowWith({ conversationType: 'channel', teamId: TEAM, channelId: '19:general@thread.tacv2' });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    await weft.api('POST', `/api/flows/${flow.id}/deploy`, { status: 'inactive' });
    expect(calls(graph.seen)).toEqual([['GET', `${team}?$expand=teamsApp`, null]]);
    expect(installed[team]).toHaveLength(1);
  });

  it('refuses the deploy with Graph’s own error when the install is refused; no app id, no Graph call', async () => {
    graph.respond((request) =>
      request.method === 'GET'
        ? { body: { value: [] } }
        : { status: 403, body: { error: { code: 'Forbidden', message: 'Missing scope permissions on the request. API requires one of TeamsAppInstallation.ReadWriteForChat.' } } },
    );
    const flow = await flowWith({ conversationType: 'groupChat', chatId: CHAT });
    const response = await weft.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(response.status).toBe(400);
    const body = JSON.stringify(await response.json());
    expect(body).toContain('Graph API error: 403 {\\"error\\":{\\"code\\":\\"Forbidden\\"');
    expect(body).not.toContain(ACCESS);

    graph.seen.length = 0;
    const plain = await flowWith({ conversationType: 'groupChat', chatId: CHAT, teamsAppId: '' });
    await weft.api('POST', `/api/flows/${plain.id}/deploy`, { status: 'active' });
    expect(graph.seen).toEqual([]);
  });
});
