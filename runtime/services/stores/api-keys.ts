/**
 * @module runtime/services/stores/api-keys — a project's API keys: `{prefix}project:{projectId}:apikeys`
 * (hash id → JSON with the key's SHA-256) and `{prefix}apikey:{sha256}` (JSON {projectId, id}).
 * The key itself is shown once, at creation, and never stored.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Redis from 'ioredis';
import type { ApiKeyView, NewApiKey } from '../../../contract/projects.ts';
import { ConflictError } from '../domain-errors.ts';
import { BoundedMap } from './bounded-map.ts';
import { MASK } from '../secrets/mask.ts';
import { trackedReads } from './tracked-reads.ts';

const touchLua = readFileSync(join(import.meta.dirname, 'lua', 'touch-api-key-1.lua'), 'utf8');

interface ApiKeyCommands {
  weftTouchApiKey(keys: string, id: string, json: string): Promise<number>;
}

function withCommands(redis: Redis): Redis & ApiKeyCommands {
  const target = redis as Redis & Partial<ApiKeyCommands>;
  if (!target.weftTouchApiKey) redis.defineCommand('weftTouchApiKey', { numberOfKeys: 1, lua: touchLua });
  return target as Redis & ApiKeyCommands;
}

export const API_KEY_PREFIX = 'wft_';
/** 'wft_' + 32 random bytes as base64url (43 characters) */
const KEY_SHAPE = /^wft_[A-Za-z0-9_-]{43}$/;
export const MAX_API_KEYS = 100;
/** lastUsedAt is written at most once a minute per key, not on every request */
export const LAST_USED_PRECISION_MS = 60_000;

/** A live key as read by ApiKeyStore.live: its project and stored entry. */
export interface LiveApiKey {
  projectId: string;
  stored: StoredApiKey;
}

interface StoredApiKey {
  id: string;
  name: string;
  /** SHA-256 of the whole key, hex */
  hash: string;
  last4: string;
  createdAt: number;
  lastUsedAt: number | null;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** who a key hash belongs to: `{prefix}apikey:<sha256>`, written once when the key is made */
interface KeyOwner {
  projectId: string;
  id: string;
}

export class ApiKeyStore {
  /**
   * The owners of keys seen live, by key hash: a hash's owner never changes (keys are random),
   * so only whether the key is still live — its entry in the project's hash — is read per request.
   */
  private readonly owners = new BoundedMap<string, KeyOwner>(10_000);

  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  private keysOf(projectId: string) {
    return `${this.prefix}project:${projectId}:apikeys`;
  }

  private byHash(hash: string) {
    return `${this.prefix}apikey:${hash}`;
  }

  /** A new key; `key` is in this answer only — it cannot be read again. */
  async create(projectId: string, name: string): Promise<NewApiKey> {
    if ((await this.redis.hlen(this.keysOf(projectId))) >= MAX_API_KEYS) {
      throw new ConflictError(`A project has at most ${MAX_API_KEYS} API keys: revoke one first`, 'limit_reached');
    }
    const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    const stored: StoredApiKey = {
      id: `key_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
      name,
      hash: sha256(key),
      last4: key.slice(-4),
      createdAt: Date.now(),
      lastUsedAt: null,
    };
    await this.redis
      .multi()
      .hset(this.keysOf(projectId), stored.id, JSON.stringify(stored))
      .set(this.byHash(stored.hash), JSON.stringify({ projectId, id: stored.id }))
      .exec();
    trackedReads(this.redis).forget(this.keysOf(projectId));
    return { ...view(stored), key };
  }

  async list(projectId: string): Promise<ApiKeyView[]> {
    const texts = await this.redis.hvals(this.keysOf(projectId));
    return texts.map((t) => JSON.parse(t) as StoredApiKey).sort((a, b) => a.createdAt - b.createdAt).map(view);
  }

  /** Revoke a key of the project: it stops working at once. False when the project has no such key. */
  async revoke(projectId: string, id: string): Promise<boolean> {
    const text = await this.redis.hget(this.keysOf(projectId), id);
    if (!text) return false;
    const { hash } = JSON.parse(text) as StoredApiKey;
    await this.redis.multi().hdel(this.keysOf(projectId), id).del(this.byHash(hash)).exec();
    trackedReads(this.redis).forget(this.keysOf(projectId));
    return true;
  }

  /** the project whose live (not revoked) key `key` ('wft_…') is, or null; does not mark the key used */
  async projectOf(key: string): Promise<string | null> {
    const owner = await this.ownerOf(key);
    if (!owner) return null;
    return (await this.redis.hexists(this.keysOf(owner.projectId), owner.id)) ? owner.projectId : null;
  }

  /**
   * The live key of the project that `key` ('wft_…') is, or null (unknown, revoked, another
   * project's). Keys are found by their SHA-256: a key is 32 random bytes, so a fast hash is
   * as safe as a slow one and costs nothing per request.
   */
  async verify(projectId: string, key: string): Promise<ApiKeyView | null> {
    return this.confirm(projectId, await this.live(key));
  }

  /**
   * The live key `key` is, whichever project's (read before the project it must belong to is
   * known), or null. Its entry is kept in this process until Redis says the project's keys
   * changed (tracked-reads.ts): a revoke elsewhere reaches it as the revoke is written.
   */
  async live(key: string): Promise<LiveApiKey | null> {
    const owner = await this.ownerOf(key);
    if (!owner) return null;
    const keys = this.keysOf(owner.projectId);
    const stored = await trackedReads(this.redis).read(keys, owner.id, async (redis) => {
      const text = await redis.hget(keys, owner.id);
      return text ? (JSON.parse(text) as StoredApiKey) : null; // none: revoked
    });
    return stored ? { projectId: owner.projectId, stored } : null;
  }

  /** The key read by `live` when it is one of `projectId`'s (marked used), else null. */
  async confirm(projectId: string, live: LiveApiKey | null): Promise<ApiKeyView | null> {
    if (!live || live.projectId !== projectId) return null;
    const now = Date.now();
    if (live.stored.lastUsedAt !== null && now - live.stored.lastUsedAt < LAST_USED_PRECISION_MS) return view(live.stored);
    // the read entry is shared (live): the touched one is a copy
    const touched = { ...live.stored, lastUsedAt: now };
    await withCommands(this.redis).weftTouchApiKey(this.keysOf(projectId), touched.id, JSON.stringify(touched));
    trackedReads(this.redis).forget(this.keysOf(projectId));
    return view(touched);
  }

  /** who `key` belongs to if it was ever made (revoked or not), or null; well-shaped keys only */
  private async ownerOf(key: string): Promise<KeyOwner | null> {
    if (!KEY_SHAPE.test(key)) return null;
    const hash = sha256(key);
    const known = this.owners.get(hash);
    if (known) return known;
    const pointer = await this.redis.get(this.byHash(hash));
    if (!pointer) return null;
    const owner = JSON.parse(pointer) as KeyOwner;
    this.owners.set(hash, owner);
    return owner;
  }
}

function view(stored: StoredApiKey): ApiKeyView {
  return { id: stored.id, name: stored.name, maskedKey: `${API_KEY_PREFIX}${MASK}${stored.last4}`, createdAt: stored.createdAt, lastUsedAt: stored.lastUsedAt };
}
