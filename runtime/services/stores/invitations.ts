/**
 * @module runtime/services/stores/invitations — invitations to join an organisation. The token (shown
 * once, in the invitation link) is kept only as its SHA-256, so Redis never holds a usable
 * link. An invitation lives INVITATION_TTL_SECONDS, then is gone; accepting or revoking ends it.
 * Keys: `invitation:<sha256>` (the record, with a TTL) and `org:<id>:invitations` (id → sha256).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { Role } from '../../../contract/accounts.ts';
import { normaliseEmail } from './users.ts';

export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

export interface Invitation {
  id: string;
  organisationId: string;
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export class InvitationStore {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  private key(hash: string): string {
    return `${this.prefix}invitation:${hash}`;
  }

  private orgKey(organisationId: string): string {
    return `${this.prefix}org:${organisationId}:invitations`;
  }

  /** a new invitation and its token (the only time the token exists outside the link) */
  async create(input: Pick<Invitation, 'organisationId' | 'email' | 'role' | 'invitedBy'>): Promise<{ invitation: Invitation; token: string }> {
    const token = randomBytes(24).toString('base64url');
    const now = Date.now();
    const invitation: Invitation = { ...input, email: normaliseEmail(input.email), id: `inv_${randomUUID().replace(/-/g, '').slice(0, 16)}`, createdAt: now, expiresAt: now + INVITATION_TTL_SECONDS * 1000 };
    const hash = digest(token);
    await this.redis.multi().set(this.key(hash), JSON.stringify(invitation), 'EX', INVITATION_TTL_SECONDS).hset(this.orgKey(input.organisationId), invitation.id, hash).exec();
    return { invitation, token };
  }

  /** the invitation a link's token opens, or null (unknown, expired, accepted or revoked) */
  async byToken(token: string): Promise<Invitation | null> {
    if (!/^[\w-]{16,64}$/.test(token)) return null;
    const text = await this.redis.get(this.key(digest(token)));
    return text ? (JSON.parse(text) as Invitation) : null;
  }

  /** the organisation's pending invitations, oldest first (expired ones are dropped from the index) */
  async pending(organisationId: string): Promise<Invitation[]> {
    const index = await this.redis.hgetall(this.orgKey(organisationId));
    const ids = Object.keys(index);
    if (ids.length === 0) return [];
    const texts = await this.redis.mget(ids.map((id) => this.key(index[id])));
    const gone = ids.filter((_, i) => texts[i] === null);
    if (gone.length) await this.redis.hdel(this.orgKey(organisationId), ...gone);
    return texts.filter((t): t is string => t !== null).map((t) => JSON.parse(t) as Invitation).sort((a, b) => a.createdAt - b.createdAt);
  }

  /** end an invitation (accepted or revoked); false when it was not there */
  async end(organisationId: string, id: string): Promise<boolean> {
    const hash = await this.redis.hget(this.orgKey(organisationId), id);
    if (!hash) return false;
    await this.redis.multi().del(this.key(hash)).hdel(this.orgKey(organisationId), id).exec();
    return true;
  }
}
