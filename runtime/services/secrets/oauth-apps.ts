/**
 * @module runtime/integrations/oauth/oauth-apps — the OAuth app an operator registers once per marketplace
 * id (spec 001 §3 "Marketplace integration: id, secrets (encrypted). OAuth client settings and
 * scopes are read from these secrets per marketplace id"). Kept at `{prefix}marketplace:{id}`
 * as `{id, secrets, updatedAt}`, `secrets` being `{client_id, client_secret, scopes}` encrypted
 * like credentials (runtime/services/secrets/cipher.ts). An app registered in the studio wins; else the
 * environment's WEFT_OAUTH_<ID>_CLIENT_ID, WEFT_OAUTH_<ID>_CLIENT_SECRET and optional
 * WEFT_OAUTH_<ID>_SCOPES (space-separated).
 */
import { masters } from '../../../actors/redis-connection.ts';
import type Redis from 'ioredis';
import { decryptWithAny, encrypt } from './cipher.ts';
import type { SecretKeyring } from './server-secret.ts';

/** An OAuth app as registered for a marketplace id (the integration's secrets). */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  /** overrides the type's scopes when set */
  scopes?: string[];
}

interface StoredApp {
  id: number;
  /** encrypted JSON {client_id, client_secret, scopes} */
  secrets: string;
  updatedAt: number;
}

export type AppSource = 'studio' | 'environment';

export const envNames = (id: number) => ({
  clientId: `WEFT_OAUTH_${id}_CLIENT_ID`,
  clientSecret: `WEFT_OAUTH_${id}_CLIENT_SECRET`,
  scopes: `WEFT_OAUTH_${id}_SCOPES`,
});

const scopeList = (text: string | undefined) => (text ?? '').split(/[\s,]+/).filter(Boolean);

/** The apps the environment names (runtime/config.ts): each id with both a client id and a secret. */
export function oauthAppsFrom(env: NodeJS.ProcessEnv): Record<number, OAuthClient> {
  const apps: Record<number, OAuthClient> = {};
  for (const variable of Object.keys(env)) {
    const id = /^WEFT_OAUTH_(\d+)_CLIENT_ID$/.exec(variable)?.[1];
    if (!id) continue;
    const names = envNames(Number(id));
    const clientId = env[names.clientId]?.trim();
    const clientSecret = env[names.clientSecret]?.trim();
    if (clientId && clientSecret) apps[Number(id)] = { clientId, clientSecret, scopes: scopeList(env[names.scopes]) };
  }
  return apps;
}

export class OAuthAppStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly keyring: SecretKeyring,
    /** the environment's apps (runtime/config.ts `oauthApps`) */
    private readonly fromEnvironment: Readonly<Record<number, OAuthClient>> = {},
  ) {}

  private key(id: number) {
    return `${this.prefix}marketplace:${id}`;
  }

  async save(id: number, client: OAuthClient): Promise<void> {
    const secrets = { client_id: client.clientId, client_secret: client.clientSecret, scopes: client.scopes ?? [] };
    const stored: StoredApp = { id, secrets: await encrypt(JSON.stringify(secrets), this.keyring.current()), updatedAt: Date.now() };
    await this.redis.set(this.key(id), JSON.stringify(stored));
  }

  async remove(id: number): Promise<boolean> {
    return (await this.redis.del(this.key(id))) === 1;
  }

  /** The app for `id` with where it comes from, or null when neither the studio nor the environment has one. */
  async get(id: number): Promise<{ client: OAuthClient; source: AppSource; updatedAt?: number } | null> {
    const text = await this.redis.get(this.key(id));
    if (text) {
      const stored = JSON.parse(text) as StoredApp;
      const { plain } = await decryptWithAny(stored.secrets, this.keyring.readable());
      const secrets = JSON.parse(plain) as { client_id: string; client_secret: string; scopes?: string[] };
      return { client: { clientId: secrets.client_id, clientSecret: secrets.client_secret, scopes: secrets.scopes ?? [] }, source: 'studio', updatedAt: stored.updatedAt };
    }
    const client = this.fromEnvironment[id];
    return client ? { client, source: 'environment' } : null;
  }
}

export { scopeList };

const swapLua = "if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('set', KEYS[1], ARGV[2]) return 1 else return 0 end";

/**
 * Re-encrypt every registered OAuth app under `newSecret` (`npm run rotate-secret`, after the
 * credentials). Answers the marketplace ids it could not open, with why.
 */
export async function rotateOAuthApps(redis: Redis, prefix: string, olds: readonly string[], newSecret: string): Promise<{ id: string; error: string }[]> {
  const failed: { id: string; error: string }[] = [];
  // on a cluster every master holds some of the keys: each is scanned, the keys read through the cluster
  for (const node of masters(redis)) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', `${prefix.replace(/[*?[\]\\]/g, '\\$&')}marketplace:*`, 'COUNT', 1000);
      for (const key of keys) {
        const text = await redis.get(key);
        if (!text) continue;
        const stored = JSON.parse(text) as StoredApp;
        try {
          const { plain, secretIndex } = await decryptWithAny(stored.secrets, [...olds, newSecret]);
          if (secretIndex === olds.length) continue;
          // an operator saving it meanwhile saved it under the new secret already: then nothing to do
          await redis.eval(swapLua, 1, key, text, JSON.stringify({ ...stored, secrets: await encrypt(plain, newSecret) }));
        } catch (error) {
          failed.push({ id: String(stored.id), error: error instanceof Error ? error.message : String(error) });
        }
      }
      cursor = next;
    } while (cursor !== '0');
  }
  return failed;
}
