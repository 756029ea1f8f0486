/**
 * @module catalogue/app/teams-node/credential-test — the team messaging service's OAuth credential
 * (spec 002 §7 "Team messaging via graph API": `GET /me`): GET `{graph}/me` with the connected
 * user's access token answers who the credential acts as. A refusal carries Graph's own words
 * ('Graph API error: {status} {text}'); a credential never connected has no token to test.
 */
import { graphCall } from './graph.ts';
import { graphTokenOf, teamsCredentialOf } from './teams-credential.ts';
import type { CredentialTest } from '../../credential-test.ts';

export const testTeamsOauth: CredentialTest = async (fields, ctx) => {
  const token = graphTokenOf(teamsCredentialOf(fields));
  const me = await graphCall({ http: ctx.http, base: ctx.serviceUrl('graph'), token, signal: ctx.signal }, 'GET', '/me');
  const who = [me.displayName, me.userPrincipalName ?? me.mail].filter((part) => typeof part === 'string' && part).join(', ');
  return who ? `signed in as ${who}` : undefined;
};
