/**
 * @module runtime/services/stores/projects — projects in Redis: `{prefix}project:{id}` (JSON),
 * `{prefix}projects` (zset of every project) and `{prefix}organisation:{id}:projects` (zset of
 * the organisation's projects), both scored by creation ms.
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { Project } from '../../../contract/projects.ts';

/** A URL- and key-safe form of a name: 'Café Support!' → 'cafe-support' ('project' when nothing is left). */
export function slugify(name: string): string {
  // NFKD splits accented letters into letter + combining mark; the marks are dropped, not dashed.
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return ascii.replace(/[^a-z0-9]+/g, '-').slice(0, 48).replace(/^-+|-+$/g, '') || 'project';
}

export class ProjectStore {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  private key(id: string): string {
    return `${this.prefix}project:${id}`;
  }

  private organisationKey(organisationId: string): string {
    return `${this.prefix}organisation:${organisationId}:projects`;
  }

  async create(name: string, organisationId: string): Promise<Project> {
    const id = `proj_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const project: Project = { id, slug: `${slugify(name)}-${id.slice(5, 11)}`, name, organisationId, createdAt: Date.now() };
    await this.redis
      .multi()
      .set(this.key(id), JSON.stringify(project))
      .zadd(`${this.prefix}projects`, project.createdAt, id)
      .zadd(this.organisationKey(organisationId), project.createdAt, id)
      .exec();
    return project;
  }

  async get(id: string): Promise<Project | null> {
    const text = await this.redis.get(this.key(id));
    return text ? (JSON.parse(text) as Project) : null;
  }

  /** every project (operators' view); the studio lists by organisation */
  async list(): Promise<Project[]> {
    return this.load(await this.redis.zrange(`${this.prefix}projects`, 0, -1));
  }

  /** the projects of these organisations, oldest first */
  async listOf(organisationIds: string[]): Promise<Project[]> {
    const lists = await Promise.all(organisationIds.map((id) => this.load(this.redis.zrange(this.organisationKey(id), 0, -1))));
    return lists.flat().sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  private async load(idList: string[] | Promise<string[]>): Promise<Project[]> {
    const ids = await idList;
    if (ids.length === 0) return [];
    const texts = await this.redis.mget(ids.map((id) => this.key(id)));
    return texts.filter((t): t is string => t !== null).map((t) => JSON.parse(t) as Project);
  }
}
