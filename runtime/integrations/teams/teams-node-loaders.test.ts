import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Outbound } from '../../services/outbound/client.ts';
import { AllowList } from '../../services/outbound/address-policy.ts';
import type { OptionLoaderContext } from '../../../catalogue/option-loaders.ts';
import { serviceUrlsFrom } from '../../../catalogue/service-urls.ts';
import { startLoopbackApi, type LoopbackApi } from '../../../catalogue/testing/loopback-api.ts';
import { teamsGetChannels, teamsGetChats, teamsGetTeams } from '../../../catalogue/app/teams-node/loaders.ts';

const ACCESS = 'graph-delegated-access-token-0123456789';
let graph: LoopbackApi;

beforeAll(async () => {
  graph = await startLoopbackApi();
});
afterAll(() => graph.close());
beforeEach(() => void (graph.seen.length = 0));

function context(fields: Record<string, unknown> = { access_token: ACCESS, tenant_id: 'tenant-1' }): OptionLoaderContext {
  const outbound = new Outbound({ allow: new AllowList([graph.hostPort]) });
  const urls = serviceUrlsFrom({ graph: graph.url });
  return {
    projectId: 'project_1',
    credentials: { get: async (name) => (name === 'teams' ? fields : Promise.reject(new Error(`No credentials found for ${name}`))) },
    http: { request: (request) => outbound.request(request, { idempotencyKey: 'loader', signal: () => new AbortController().signal }) },
    serviceUrl: (name) => urls[name],
    services: {},
  };
}

describe('Teams dropdown loaders (Microsoft Graph)', () => {
  it('lists the chats with members expanded, labelled by topic or members, following next links', async () => {
    graph.respond((request) =>
      request.url.includes('skiptoken')
        ? { body: { value: [{ id: '19:c@thread.v2', topic: 'Launch', chatType: 'group' }] } }
        : {
            body: {
              '@odata.nextLink': `${graph.url}/me/chats?$expand=members&$skiptoken=2`,
              value: [
                { id: '19:a@unq.gbl.spaces', topic: null, chatType: 'oneOnOne', members: [{ displayName: 'Ada' }, { displayName: 'Grace' }] },
                { id: '19:b@thread.v2', topic: 'Ops', chatType: 'group', members: [] },
              ],
            },
          },
    );
    expect(await teamsGetChats({ credentials: 'teams' }, context())).toEqual([
      { label: 'Ada, Grace', value: '19:a@unq.gbl.spaces' },
      { label: 'Ops', value: '19:b@thread.v2' },
      { label: 'Launch', value: '19:c@thread.v2' },
    ]);
    expect(graph.seen.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/me/chats?$expand=members'],
      ['GET', '/me/chats?$expand=members&$skiptoken=2'],
    ]);
    expect(graph.seen[0].headers.authorization).toBe(`Bearer ${ACCESS}`);
  });

  it('lists joined teams and a team’s channels', async () => {
    graph.respond((request) =>
      request.url === '/me/joinedTeams'
        ? { body: { value: [{ id: 'team-1', displayName: 'Engineering' }] } }
        : { body: { value: [{ id: '19:general@thread.tacv2', displayName: 'General' }] } },
    );
    expect(await teamsGetTeams({ credentials: 'teams' }, context())).toEqual([{ label: 'Engineering', value: 'team-1' }]);
    expect(await teamsGetChannels({ credentials: 'teams', teamId: 'team-1' }, context())).toEqual([{ label: 'General', value: '19:general@thread.tacv2' }]);
    expect(graph.seen.map((r) => r.url)).toEqual(['/me/joinedTeams', '/teams/team-1/channels']);
  });

  it('answers an empty list without a credential, a team, a token, or when Graph refuses', async () => {
    graph.respond(() => ({ status: 401, body: { error: { code: 'InvalidAuthenticationToken' } } }));
    expect(await teamsGetTeams({}, context())).toEqual([]);
    expect(await teamsGetTeams({ credentials: 'missing' }, context())).toEqual([]);
    expect(await teamsGetChannels({ credentials: 'teams' }, context())).toEqual([]);
    expect(await teamsGetTeams({ credentials: 'teams' }, context({ tenant_id: 'common', access_token: ACCESS }))).toEqual([]);
    expect(graph.seen).toHaveLength(0);
    expect(await teamsGetChats({ credentials: 'teams' }, context())).toEqual([]);
    expect(graph.seen).toHaveLength(1);
  });
});
