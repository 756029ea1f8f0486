/**
 * @module catalogue/app/teams-node/bot-token — the Bot Framework token of a Teams credential's
 * app: the identity provider's client-credentials grant (`POST {msLogin}/{tenant}/oauth2/v2.0/token`,
 * scope `https://api.botframework.com/.default`; spec 002 §7), kept in this process's memory
 * until five minutes before it expires (spec 002 §4, §9) and fetched once for callers that ask
 * at the same moment. The cache is keyed by a hash of the token endpoint, tenant, client id and
 * secret, so a changed secret gets a new token and no secret is kept as a key. Each worker
 * process holds its own tokens (a token is good for an hour, so a process asks about once an hour).
 */
import { createHash } from 'node:crypto';
import { isNodeError, NodeError, kindOfStatus, userError } from '../../errors.ts';
import type { OutboundClient } from '../../outbound.ts';
import type { TeamsCredential } from './teams-credential.ts';

export const BOT_TOKEN_ERROR = 'Failed to acquire Bot Framework token';
export const BOT_FRAMEWORK_SCOPE = 'https://api.botframework.com/.default';
/** spec 002 §9: the bot token is refreshed five minutes before it expires */
export const REFRESH_BEFORE_MS = 5 * 60 * 1000;

interface Cached {
  token: string;
  expiresAt: number;
}

const tokens = new Map<string, Cached>();
const pending = new Map<string, Promise<Cached>>();

export interface BotTokenDeps {
  http: OutboundClient;
  /** ctx.serviceUrl('msLogin') */
  msLogin: string;
  now?: () => number;
}

export async function botToken(credential: TeamsCredential, deps: BotTokenDeps): Promise<string> {
  if (!credential.clientId || !credential.clientSecret) throw userError('Invalid or Missing teams credentials');
  const now = deps.now ?? Date.now;
  const key = createHash('sha256').update(JSON.stringify([deps.msLogin, credential.tenantId, credential.clientId, credential.clientSecret])).digest('hex');
  const cached = tokens.get(key);
  if (cached && now() < cached.expiresAt - REFRESH_BEFORE_MS) return cached.token;
  let asking = pending.get(key);
  if (!asking) {
    asking = requestToken(credential, deps, now).finally(() => pending.delete(key));
    pending.set(key, asking);
  }
  const fresh = await asking;
  tokens.set(key, fresh);
  return fresh.token;
}

/** Forget every cached token (tests). */
export function clearBotTokens(): void {
  tokens.clear();
}

async function requestToken(credential: TeamsCredential, deps: BotTokenDeps, now: () => number): Promise<Cached> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: credential.clientId,
    client_secret: credential.clientSecret,
    scope: BOT_FRAMEWORK_SCOPE,
  });
  const response = await deps.http
    .request({
      url: `${deps.msLogin}/${encodeURIComponent(credential.tenantId)}/oauth2/v2.0/token`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    })
    .catch((error: unknown) => {
      throw isNodeError(error) ? new NodeError(BOT_TOKEN_ERROR, error.kind, { cause: error }) : error;
    });
  if (!response.ok) throw new NodeError(BOT_TOKEN_ERROR, kindOfStatus(response.status));
  let answer: { access_token?: unknown; expires_in?: unknown };
  try {
    answer = JSON.parse(response.text()) as typeof answer;
  } catch {
    throw new NodeError(BOT_TOKEN_ERROR, 'operational');
  }
  if (typeof answer.access_token !== 'string' || !answer.access_token) throw new NodeError(BOT_TOKEN_ERROR, 'operational');
  const seconds = Number(answer.expires_in);
  return { token: answer.access_token, expiresAt: now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000 };
}
