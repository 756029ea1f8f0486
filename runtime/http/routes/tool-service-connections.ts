/**
 * @module runtime/integrations/tool-service/connection-routes — connecting a mail, table database or notes
 * workspace account through the tool-execution service (spec 002 §7 "Connection create",
 * "Completion"; §2 "OAuth landing endpoints per provider"):
 * - `POST /api/projects/:projectId/tool-connections` `{credential_type, name}` (the studio's
 *   Connect) → `POST connected_accounts` with `{auth_config: {id}, connection: {user_id:
 *   "<projectId>_<name>", callback_url}}` → `{redirectUrl}`: the service's `redirect_url`, the
 *   provider's authorisation page. The pending connection is kept for 15 minutes, bound to the
 *   signed-in builder, the project and the name.
 * - `GET /api/tool-connections/:provider/callback?userId=…&connectedAccountId=…` (the landing
 *   endpoint the service sends the browser back to; provider mail, table-database or
 *   notes-workspace) → `GET connected_accounts?connected_account_ids={id}` and the account's
 *   `items[0].data` stored as the credential `{…data, composioId}` with its marketplace_id (13,
 *   14, 16), credential_type, project_id, name and is_active true (replacing the credentials of
 *   one of that name), then back to the project's credentials page. Without userId: 400 'Missing
 *   userId in query params'; a landing nobody started here (another builder's, replayed,
 *   expired, or naming another account or provider) is refused (400) and stores nothing.
 */
import Router from '@koa/router';
import type Redis from 'ioredis';
import { credentialFormOf } from '../../../catalogue/credentials/index.ts';
import { accessOf, projectAccessGuard } from '../../services/auth/access.ts';
import type { CredentialStore } from '../../services/stores/credentials.ts';
import type { PlanOf } from '../../services/usage/plan-of.ts';
import { objectBody } from '../body.ts';
import { badRequest, HttpError } from '../errors.ts';
import { requirePlanFor } from './credentials.ts';
import type { ToolServiceApi } from '../../integrations/tool-service/service-api.ts';
import { CONNECTED_TYPES, isConnectedType, type ConnectedType, type ToolServiceSettings } from '../../integrations/tool-service/settings.ts';

export interface ConnectionRouteDeps {
  api: ToolServiceApi;
  settings: ToolServiceSettings;
  credentials: Pick<CredentialStore, 'create' | 'update' | 'getByName'>;
  planOf: PlanOf;
  redis: Redis;
  prefix: string;
}

interface Pending {
  projectId: string;
  name: string;
  type: ConnectedType;
  userId: string;
  builder: string;
}

const PENDING_SECONDS = 15 * 60;

export function connectionRouter(deps: ConnectionRouteDeps): Router {
  const router = new Router();
  const pendingKey = (accountId: string) => `${deps.prefix}tool-connection:${accountId}`;

  router.post('/api/projects/:projectId/tool-connections', projectAccessGuard, async function startConnection(ctx) {
    const body = objectBody(ctx);
    const type = typeof body.credential_type === 'string' ? body.credential_type : '';
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!isConnectedType(type)) throw badRequest(`credential_type must be one of ${Object.keys(CONNECTED_TYPES).join(', ')}`);
    if (!name || name.length > 100) throw badRequest('A credential needs a name (name: 1 to 100 characters)');
    const { projectId } = ctx.params;
    await requirePlanFor(type, projectId, deps.planOf);
    const authConfig = deps.settings.authConfigs[type];
    if (!deps.api.configured || !authConfig) {
      throw new HttpError(503, 'not_configured', `Connecting ${credentialFormOf(type)!.label} accounts is not configured on this server (WEFT_TOOL_SERVICE_API_KEY and ${CONNECTED_TYPES[type].variable})`);
    }
    const userId = `${projectId}_${name}`;
    const base = deps.settings.publicUrl ?? ctx.origin;
    const callbackUrl = `${base}/api/tool-connections/${CONNECTED_TYPES[type].provider}/callback?userId=${encodeURIComponent(userId)}`;
    const made = await deps.api.createConnection(authConfig, userId, callbackUrl).catch((error: Error) => {
      throw new HttpError(502, 'tool_service_failed', error.message);
    });
    const pending: Pending = { projectId, name, type, userId, builder: accessOf(ctx).user.id };
    await deps.redis.set(pendingKey(made.id), JSON.stringify(pending), 'EX', PENDING_SECONDS);
    ctx.body = { redirectUrl: made.redirectUrl, connectedAccountId: made.id };
  });

  router.get('/api/tool-connections/:provider/callback', async function completeConnection(ctx) {
    const userId = typeof ctx.query.userId === 'string' ? ctx.query.userId : '';
    if (!userId) throw badRequest('Missing userId in query params');
    const given = ctx.query.connectedAccountId ?? ctx.query.connected_account_id;
    const accountId = typeof given === 'string' ? given : '';
    if (ctx.query.error) throw badRequest(String(ctx.query.error));
    if (!accountId) throw badRequest('Missing connectedAccountId in query params');
    const text = await deps.redis.get(pendingKey(accountId));
    const pending = text ? (JSON.parse(text) as Pending) : null;
    if (!pending || pending.userId !== userId || pending.builder !== accessOf(ctx).user.id || CONNECTED_TYPES[pending.type].provider !== ctx.params.provider) {
      throw badRequest('This connection was not started here, or it has expired: press Connect again');
    }
    const account = await deps.api.connectedAccount(accountId).catch((error: Error) => {
      throw new HttpError(502, 'tool_service_failed', error.message);
    });
    const data = account?.data ?? (account?.state as { val?: unknown } | undefined)?.val;
    if (!account || !data || typeof data !== 'object') throw new HttpError(502, 'tool_service_failed', 'The tool-execution service has no such connected account');
    const credentials = { ...(data as Record<string, unknown>), composioId: accountId };
    const form = credentialFormOf(pending.type)!;
    const record = { name: pending.name, credential_type: pending.type, marketplace_id: form.marketplaceId ?? null, is_active: true, credentials };
    const existing = await deps.credentials.getByName(pending.projectId, pending.name).catch(() => null);
    if (existing) await deps.credentials.update(pending.projectId, existing.id, record);
    else await deps.credentials.create(pending.projectId, record);
    await deps.redis.del(pendingKey(accountId));
    ctx.redirect(`/projects/${encodeURIComponent(pending.projectId)}/credentials?connected=${encodeURIComponent(pending.name)}`);
  });
  return router;
}
