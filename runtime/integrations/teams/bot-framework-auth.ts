/**
 * @module runtime/integrations/teams/bot-framework-auth — checks that a call to a bot's messaging endpoint
 * comes from the Bot Framework, as its documentation for bots says ("Authentication: Bot
 * Connector to bot"): `Authorization: Bearer <JWT>` signed (RS256) by a key of the OpenID
 * metadata at `{botOpenId}` (its `jwks_uri`), issued by `https://api.botframework.com` for the
 * bot's Microsoft App ID (the audience), within its validity give or take five minutes, whose
 * `serviceUrl` claim is the activity's, by a key whose `endorsements` name the activity's channel
 * (`msteams`). The metadata and keys are read through the outbound client (so a test serves its
 * own) and kept for a day; an unknown key id reads them again, at most once a minute.
 */
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import type { OutboundClient } from '../../../catalogue/outbound.ts';
import { UnauthorizedError } from '../../services/domain-errors.ts';

export const BOT_FRAMEWORK_ISSUER = 'https://api.botframework.com';
const CLOCK_TOLERANCE_SECONDS = 5 * 60;
const KEYS_KEPT_MS = 24 * 3600 * 1000;
const REREAD_AFTER_MS = 60 * 1000;

type Jwk = JSONWebKeySet['keys'][number] & { endorsements?: unknown };

export interface BotFrameworkAuthDeps {
  http: OutboundClient;
  /** the OpenID metadata URL (service `botOpenId`) */
  metadataUrl: () => string;
  now?: () => number;
}

export class BotFrameworkAuth {
  private keys: { jwks: JSONWebKeySet; readAt: number } | null = null;
  private reading: Promise<JSONWebKeySet> | null = null;

  constructor(private readonly deps: BotFrameworkAuthDeps) {}

  /**
   * Resolves when `authorization` proves the Bot Framework sent `activity` to the bot `appId`;
   * otherwise throws UnauthorizedError naming what failed (never the token).
   */
  async verify(authorization: string | undefined, activity: Record<string, unknown>, appId: string): Promise<void> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedError('A Bot Framework bearer token is required');
    if (!appId) throw new UnauthorizedError("The trigger's credential has no client id (the bot's Microsoft App ID)");
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw new UnauthorizedError('The bearer token is not a JWT');
    }
    const key = await this.keyOf(kid);
    if (!key) throw new UnauthorizedError('The bearer token is not signed by a Bot Framework key');
    const channel = typeof activity.channelId === 'string' ? activity.channelId : '';
    if (Array.isArray(key.endorsements) && !key.endorsements.includes(channel)) {
      throw new UnauthorizedError(`The signing key is not endorsed for the channel '${channel}'`);
    }
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(token, createLocalJWKSet({ keys: [key] }), {
        issuer: BOT_FRAMEWORK_ISSUER,
        audience: appId,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        ...(this.deps.now ? { currentDate: new Date(this.deps.now()) } : {}),
      }));
    } catch (error) {
      throw new UnauthorizedError(`The Bot Framework token is not valid: ${(error as Error).message}`);
    }
    const trim = (url: unknown) => (typeof url === 'string' ? url.replace(/\/+$/, '') : '');
    if (!trim(claims.serviceUrl) || trim(claims.serviceUrl) !== trim(activity.serviceUrl)) {
      throw new UnauthorizedError("The token's serviceUrl is not the activity's");
    }
  }

  /** the key of that id, reading the keys again when they are old or do not have it */
  private async keyOf(kid: string | undefined): Promise<Jwk | undefined> {
    const now = (this.deps.now ?? Date.now)();
    const find = (jwks: JSONWebKeySet) => (jwks.keys as Jwk[]).find((k) => k.kid === kid && (k.kty === 'RSA' || !k.kty));
    const kept = this.keys;
    if (kept && now - kept.readAt < KEYS_KEPT_MS) {
      const found = find(kept.jwks);
      if (found || now - kept.readAt < REREAD_AFTER_MS) return found;
    }
    return find(await this.readKeys());
  }

  private readKeys(): Promise<JSONWebKeySet> {
    this.reading ??= this.fetchKeys()
      .then((jwks) => {
        this.keys = { jwks, readAt: (this.deps.now ?? Date.now)() };
        return jwks;
      })
      .catch(() => {
        throw new UnauthorizedError("The Bot Framework's signing keys could not be read");
      })
      .finally(() => (this.reading = null));
    return this.reading;
  }

  private async fetchKeys(): Promise<JSONWebKeySet> {
    const metadata = await this.getJson(this.deps.metadataUrl());
    if (typeof metadata.jwks_uri !== 'string') throw new Error('no jwks_uri');
    const jwks = await this.getJson(metadata.jwks_uri);
    if (!Array.isArray(jwks.keys)) throw new Error('no keys');
    return jwks as unknown as JSONWebKeySet;
  }

  private async getJson(url: string): Promise<Record<string, unknown>> {
    const response = await this.deps.http.request({ url, headers: { accept: 'application/json' }, timeoutSeconds: 10 });
    if (!response.ok) throw new Error(`${response.status}`);
    return JSON.parse(response.text()) as Record<string, unknown>;
  }
}

/** the client the verifier reads keys with: the outbound client, bound to no run */
export function keyReaderBinding() {
  const never = new AbortController().signal;
  return { idempotencyKey: `bot-framework-keys/${randomUUID()}`, signal: () => never };
}
