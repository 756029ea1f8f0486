/** The teamsOauth credential test: GET {graph}/me with its access token, against a loopback Microsoft Graph. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackApi, type LoopbackApi } from '../../testing/loopback-api.ts';
import { testContext } from '../../testing/node-harness.ts';
import type { CredentialTestContext } from '../../credential-test.ts';
import { testTeamsOauth } from './credential-test.ts';

const ACCESS = 'graph-me-access-token-0123456789';
const fields = { tenant_id: '72f988bf-86f1-41af-91ab-2d7cd011db47', client_id: 'app', access_token: ACCESS };
let graph: LoopbackApi;

beforeAll(async () => {
  graph = await startLoopbackApi((request) =>
    request.headers.authorization === `Bearer ${ACCESS}`
      ? { body: { '@odata.context': 'x', id: 'u1', displayName: 'Ada Lovelace', userPrincipalName: 'ada@contoso.example', mail: 'ada@contoso.example' } }
      : { status: 401, body: { error: { code: 'InvalidAuthenticationToken', message: 'Access token has expired or is not yet valid.' } } },
  );
});
afterAll(() => graph.close());

const context = (): CredentialTestContext => {
  const ctx = testContext({ serviceUrls: { graph: graph.url }, allowOutbound: [graph.hostPort] });
  return { http: ctx.http, serviceUrl: ctx.serviceUrl, services: {}, signal: AbortSignal.timeout(5000) };
};

describe('teamsOauth credential test', () => {
  it('asks Graph who the token belongs to', async () => {
    graph.seen.length = 0;
    await expect(testTeamsOauth(fields, context())).resolves.toBe('signed in as Ada Lovelace, ada@contoso.example');
    expect(graph.seen.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([['GET', '/me', `Bearer ${ACCESS}`]]);
  });

  it("answers Graph's refusal, and a credential without a token or tenant", async () => {
    await expect(testTeamsOauth({ ...fields, access_token: 'expired-token-0000' }, context())).rejects.toThrow(
      'Graph API error: 401 {"error":{"code":"InvalidAuthenticationToken","message":"Access token has expired or is not yet valid."}}',
    );
    await expect(testTeamsOauth({ ...fields, access_token: '' }, context())).rejects.toThrow('No access token available');
    await expect(testTeamsOauth({ ...fields, tenant_id: 'common' }, context())).rejects.toThrow('Tenant ID is not supported');
  });
});
