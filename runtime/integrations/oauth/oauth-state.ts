/**
 * @module runtime/integrations/oauth/oauth-state — the `state` of one consent: a random value that binds the
 * provider's callback to the session, project and credential that started it. Kept in Redis
 * for STATE_TTL_SECONDS and taken once (GETDEL): a replayed, expired or made-up state finds
 * nothing.
 */
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

export const STATE_TTL_SECONDS = 600;

export interface ConsentState {
  sessionId: string;
  userId: string;
  projectId: string;
  credentialType: string;
  /** the credential's name */
  name: string;
  /** Microsoft's tenant */
  tenantId?: string;
  redirectUri: string;
  /** reconnecting this credential (spec: edit, oldCredentialId) instead of making one */
  credentialId?: string;
}

export class ConsentStates {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  private key(state: string) {
    return `${this.prefix}oauth:state:${state}`;
  }

  async issue(consent: ConsentState): Promise<string> {
    const state = randomBytes(32).toString('base64url');
    await this.redis.set(this.key(state), JSON.stringify(consent), 'EX', STATE_TTL_SECONDS);
    return state;
  }

  /** The consent `state` stands for, once; null when there is none (used, expired or never issued). */
  async take(state: unknown): Promise<ConsentState | null> {
    if (typeof state !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(state)) return null;
    const text = await this.redis.getdel(this.key(state));
    return text ? (JSON.parse(text) as ConsentState) : null;
  }
}
