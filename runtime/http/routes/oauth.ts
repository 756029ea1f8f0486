/**
 * @module runtime/integrations/oauth/routes — the studio's OAuth routes (contract/oauth.ts): operators
 * register each marketplace id's OAuth app (`/api/oauth/apps`); builders start a consent
 * (`POST /api/projects/:projectId/oauth/start`) and come back from the provider to its landing
 * path (`/api/googleSheets`, `/api/onedrive`, `/api/sharepoint`, `/api/teams`, `/api/slack`,
 * `/api/googleDrive`), which saves the credential and redirects to the project's credentials
 * with `?oauth=connected|failed`. All of them need the studio session the consent began in.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { OAuthAppView, OAuthTypeView } from '../../../contract/oauth.ts';
import { projectAccessGuard } from '../../services/auth/access.ts';
import { normaliseEmail } from '../../services/stores/users.ts';
import type { PlanOf } from '../../services/usage/plan-of.ts';
import { objectBody } from '../body.ts';
import { badRequest, HttpError } from '../errors.ts';
import { noStore, requirePlanFor, secretErrors } from './credentials.ts';
import { connectableType, finishConsent, INTEGRATION_NOT_FOUND, startConsent, type ConsentDeps } from '../../integrations/oauth/consent.ts';
import { envNames, scopeList } from '../../services/secrets/oauth-apps.ts';
import { oauthTypes } from '../../integrations/oauth/providers.ts';

export interface OAuthRouteDeps extends ConsentDeps {
  planOf: PlanOf;
  /** emails of the people who may register OAuth apps (the server's operators) */
  operatorEmails: readonly string[];
  /** the server's public base URL for redirect URIs (WEFT_PUBLIC_URL); default the request's origin */
  publicUrl?: string;
}

const text = (value: unknown, field: string, max = 2000): string => {
  if (typeof value !== 'string' || !value.trim()) throw badRequest(`${field} is required (a non-empty string)`);
  if (value.length > max) throw badRequest(`${field} has at most ${max} characters`);
  return value.trim();
};
const optionalText = (value: unknown, field: string): string | undefined => (value === undefined || value === null || value === '' ? undefined : text(value, field));

export function oauthRouter(deps: OAuthRouteDeps): Router {
  const router = new Router();
  const operators = new Set(deps.operatorEmails.map(normaliseEmail));
  const baseUrl = (ctx: Context) => (deps.publicUrl ?? `${ctx.protocol}://${ctx.host}`).replace(/\/+$/, '');
  const requireOperator = async (ctx: Context, next: () => Promise<unknown>) => {
    if (!operators.has(normaliseEmail(ctx.state.user.email))) throw new HttpError(403, 'forbidden', 'Only an operator of this server registers OAuth apps');
    await next();
  };
  const marketplaceIds = [...new Set(oauthTypes.map((t) => t.marketplaceId))];
  const marketplaceId = (ctx: Context) => {
    const id = Number((ctx as Context & { params: Record<string, string> }).params.marketplaceId);
    if (!marketplaceIds.includes(id)) throw badRequest(`${INTEGRATION_NOT_FOUND}: no OAuth integration has marketplace id ${ctx.params.marketplaceId} (one of ${marketplaceIds.join(', ')})`);
    return id;
  };

  router.get('/api/oauth/apps', noStore(), secretErrors(), requireOperator, async function listOAuthApps(ctx) {
    const views: OAuthAppView[] = [];
    for (const id of marketplaceIds) {
      const types = oauthTypes.filter((t) => t.marketplaceId === id);
      const app = await deps.apps.get(id);
      views.push({
        marketplaceId: id,
        provider: types[0].provider,
        credentialTypes: types.map((t) => t.credentialType),
        redirectUris: types.map((t) => `${baseUrl(ctx)}${t.callbackPath}`),
        scopes: app?.client.scopes ?? [],
        defaultScopes: [...types[0].scopes],
        source: app?.source ?? null,
        clientId: app?.client.clientId ?? null,
        env: envNames(id),
      });
    }
    ctx.body = views;
  });

  router.get('/api/oauth/types', async function listOAuthTypes(ctx) {
    const registered = new Map<number, boolean>();
    for (const id of marketplaceIds) registered.set(id, (await deps.apps.get(id).catch(() => null)) !== null);
    ctx.body = oauthTypes.map(
      (t): OAuthTypeView => ({ credential_type: t.credentialType, marketplaceId: t.marketplaceId, provider: t.provider, registered: registered.get(t.marketplaceId)!, needsTenant: t.tenant !== undefined }),
    );
  });

  router.put('/api/oauth/apps/:marketplaceId', noStore(), secretErrors(), requireOperator, async function registerOAuthApp(ctx) {
    const id = marketplaceId(ctx);
    const body = objectBody(ctx);
    const scopes = body.scopes === undefined ? [] : scopeList(typeof body.scopes === 'string' ? body.scopes : text(body.scopes, 'scopes'));
    await deps.apps.save(id, { clientId: text(body.clientId, 'clientId', 500), clientSecret: text(body.clientSecret, 'clientSecret', 2000), scopes });
    ctx.status = 204;
  });

  router.delete('/api/oauth/apps/:marketplaceId', requireOperator, async function removeOAuthApp(ctx) {
    await deps.apps.remove(marketplaceId(ctx));
    ctx.status = 204;
  });

  router.post('/api/projects/:projectId/oauth/start', noStore(), secretErrors(), projectAccessGuard, async function startOAuth(ctx) {
    const body = objectBody(ctx);
    const credentialType = text(body.credential_type, 'credential_type', 100);
    connectableType(credentialType);
    await requirePlanFor(credentialType, ctx.params.projectId, deps.planOf);
    ctx.body = await startConsent(deps, {
      sessionId: ctx.state.session.id,
      userId: ctx.state.user.id,
      projectId: ctx.params.projectId,
      credentialType,
      name: text(body.name, 'name', 100),
      tenantId: typeof body.tenant_id === 'string' ? body.tenant_id : undefined,
      credentialId: optionalText(body.credentialId, 'credentialId'),
      baseUrl: baseUrl(ctx),
    });
  });

  for (const path of new Set(oauthTypes.map((t) => t.callbackPath))) {
    router.get(path, noStore(), secretErrors(), async function oauthLanding(ctx) {
      const outcome = await finishConsent(deps, path, ctx.state.session.id, ctx.query);
      const query: Record<string, string> = outcome.status === 'success' ? { oauth: 'connected', credential: outcome.name } : { oauth: 'failed', message: outcome.message };
      ctx.status = 303;
      ctx.redirect(`/projects/${encodeURIComponent(outcome.projectId)}/credentials?${new URLSearchParams(query)}`);
    });
  }
  return router;
}
