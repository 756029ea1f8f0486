/**
 * @module runtime/services/stores/sessions — studio sign-in sessions in Redis: `{prefix}session:{hash}`
 * (hash: userId, csrfToken, createdAt, renewedAt) with a sliding TTL, and each user's
 * `{prefix}user:{userId}:sessions` (set of those hashes, so all of a user's sessions can be
 * ended). The key holds the SHA-256 of the session id, so reading Redis does not hand out
 * usable cookies.
 */
import { createHash, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

export interface Session {
  /** the secret that goes into the cookie (only known when made, or from the cookie) */
  id: string;
  userId: string;
  csrfToken: string;
  createdAt: number;
  renewedAt: number;
}

/** 7 days, renewed while the session is used */
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;
/** a session's TTL (and cookie) are renewed at most this often */
export const RENEW_AFTER_MS = 3600_000;

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');

export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly ttlSeconds = SESSION_TTL_SECONDS,
  ) {}

  private key(id: string): string {
    return `${this.prefix}session:${hashOf(id)}`;
  }

  private userKey(userId: string): string {
    return `${this.prefix}user:${userId}:sessions`;
  }

  async create(userId: string): Promise<Session> {
    const now = Date.now();
    const session: Session = {
      id: randomBytes(32).toString('base64url'),
      userId,
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: now,
      renewedAt: now,
    };
    const { id, ...fields } = session;
    await this.redis
      .multi()
      .hset(this.key(id), fields)
      .expire(this.key(id), this.ttlSeconds)
      .sadd(this.userKey(userId), hashOf(id))
      .expire(this.userKey(userId), this.ttlSeconds)
      .exec();
    return session;
  }

  /** the live session of this id, or null; `renewed` says its TTL was just extended */
  async get(id: string): Promise<(Session & { renewed: boolean }) | null> {
    if (!/^[\w-]{43}$/.test(id)) return null;
    const fields = await this.redis.hgetall(this.key(id));
    if (!fields.userId || !fields.csrfToken) return null;
    const session = { id, userId: fields.userId, csrfToken: fields.csrfToken, createdAt: Number(fields.createdAt), renewedAt: Number(fields.renewedAt) };
    const now = Date.now();
    if (now - session.renewedAt < RENEW_AFTER_MS) return { ...session, renewed: false };
    // Written before the EXPIRE, so a key that expired meanwhile leaves a stub that expires too.
    await this.redis.multi().hset(this.key(id), 'renewedAt', now).expire(this.key(id), this.ttlSeconds).exec();
    return { ...session, renewedAt: now, renewed: true };
  }

  /** whether the session still exists (signed out, ended or expired: false), without renewing it */
  async isLive(id: string): Promise<boolean> {
    return (await this.redis.exists(this.key(id))) === 1;
  }

  async delete(id: string): Promise<void> {
    const userId = await this.redis.hget(this.key(id), 'userId');
    const write = this.redis.multi().del(this.key(id));
    if (userId) write.srem(this.userKey(userId), hashOf(id));
    await write.exec();
  }

  /** end every session of the user but `keep` (a session id); answers how many ended */
  async deleteAllOf(userId: string, keep?: string): Promise<number> {
    const kept = keep ? hashOf(keep) : undefined;
    const hashes = (await this.redis.smembers(this.userKey(userId))).filter((h) => h !== kept);
    if (hashes.length === 0) return 0;
    const results = await this.redis
      .multi()
      .del(...hashes.map((h) => `${this.prefix}session:${h}`))
      .srem(this.userKey(userId), ...hashes)
      .exec();
    return Number(results?.[0]?.[1] ?? 0);
  }
}
