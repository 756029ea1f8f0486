/**
 * @module runtime/services/stores/organisations — organisations and their members in Redis:
 * `{prefix}organisation:{id}` (JSON), `{prefix}organisations` (zset by creation ms),
 * `{prefix}organisation:{id}:members` (hash user id → role) and its mirror
 * `{prefix}user:{userId}:organisations` (hash organisation id → role), written together.
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { Organisation, Role } from '../../../contract/accounts.ts';
import { STARTER_PLAN } from '../usage/plans.ts';
import { slugify } from './projects.ts';
import { trackedReads } from './tracked-reads.ts';

export interface Membership {
  organisation: Organisation;
  role: Role;
}

/** the embedded cluster every organisation starts on: vector collections per project */
export const defaultCluster = (): Organisation['cluster'] => ({ id: 'embedded', config: { tenancy: 'project' } });

export class OrganisationStore {
  /** `defaultPlan`: the plan organisations start on (WEFT_DEFAULT_PLAN); 'starter' unless given */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly defaultPlan: string = STARTER_PLAN,
  ) {}

  private key(id: string): string {
    return `${this.prefix}organisation:${id}`;
  }

  private membersKey(id: string): string {
    return `${this.prefix}organisation:${id}:members`;
  }

  private userKey(userId: string): string {
    return `${this.prefix}user:${userId}:organisations`;
  }

  /** a new organisation on `plan` (the default plan unless given); with `ownerId`, that user is its owner */
  async create(name: string, ownerId?: string, plan: string = this.defaultPlan): Promise<Organisation> {
    const id = `org_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const organisation: Organisation = {
      id,
      slug: `${slugify(name)}-${id.slice(4, 10)}`,
      name,
      plan,
      cluster: defaultCluster(),
      createdAt: Date.now(),
    };
    const write = this.redis.multi().set(this.key(id), JSON.stringify(organisation)).zadd(`${this.prefix}organisations`, organisation.createdAt, id);
    if (ownerId) write.hset(this.membersKey(id), ownerId, 'owner').hset(this.userKey(ownerId), id, 'owner');
    await write.exec();
    trackedReads(this.redis).forget(this.key(id));
    return organisation;
  }

  async get(id: string): Promise<Organisation | null> {
    const text = await this.redis.get(this.key(id));
    return text ? (JSON.parse(text) as Organisation) : null;
  }

  /** The organisation as `get` reads it, kept in this process until Redis says it changed (tracked-reads.ts): callers only read it (a production call's plan). */
  shared(id: string): Promise<Organisation | null> {
    return trackedReads(this.redis).read(this.key(id), '', async (redis) => {
      const text = await redis.get(this.key(id));
      return text ? (JSON.parse(text) as Organisation) : null;
    });
  }

  /** every organisation, oldest first (operators' view) */
  async list(): Promise<Organisation[]> {
    const ids = await this.redis.zrange(`${this.prefix}organisations`, 0, -1);
    if (ids.length === 0) return [];
    const texts = await this.redis.mget(ids.map((id) => this.key(id)));
    return texts.filter((t): t is string => t !== null).map((t) => JSON.parse(t) as Organisation);
  }

  async update(id: string, change: Partial<Pick<Organisation, 'name' | 'plan' | 'cluster'>>): Promise<Organisation | null> {
    const current = await this.get(id);
    if (!current) return null;
    const next = { ...current, ...change };
    await this.redis.set(this.key(id), JSON.stringify(next));
    trackedReads(this.redis).forget(this.key(id));
    return next;
  }

  /** add a member or change their role */
  async setMember(organisationId: string, userId: string, role: Role): Promise<void> {
    await this.redis.multi().hset(this.membersKey(organisationId), userId, role).hset(this.userKey(userId), organisationId, role).exec();
  }

  async removeMember(organisationId: string, userId: string): Promise<void> {
    await this.redis.multi().hdel(this.membersKey(organisationId), userId).hdel(this.userKey(userId), organisationId).exec();
  }

  /** user id → role */
  async members(organisationId: string): Promise<Record<string, Role>> {
    return (await this.redis.hgetall(this.membersKey(organisationId))) as Record<string, Role>;
  }

  /** the user's role in the organisation, or null when they are not a member */
  async roleOf(userId: string, organisationId: string): Promise<Role | null> {
    return ((await this.redis.hget(this.userKey(userId), organisationId)) as Role | null) ?? null;
  }

  /** the user's organisations with their role, oldest organisation first */
  async membershipsOf(userId: string): Promise<Membership[]> {
    const roles = (await this.redis.hgetall(this.userKey(userId))) as Record<string, Role>;
    const ids = Object.keys(roles);
    if (ids.length === 0) return [];
    const texts = await this.redis.mget(ids.map((id) => this.key(id)));
    return texts
      .filter((t): t is string => t !== null)
      .map((t) => JSON.parse(t) as Organisation)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
      .map((organisation) => ({ organisation, role: roles[organisation.id] }));
  }
}
