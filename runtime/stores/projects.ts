/** @module runtime/stores/projects — projects in Redis: `{prefix}project:{id}` (JSON), `{prefix}projects` (zset). */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

export interface Project {
  id: string;
  slug: string;
  name: string;
  createdAt: number;
}

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

  async create(name: string): Promise<Project> {
    const id = `proj_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const project: Project = { id, slug: `${slugify(name)}-${id.slice(5, 11)}`, name, createdAt: Date.now() };
    await this.redis.multi().set(this.key(id), JSON.stringify(project)).zadd(`${this.prefix}projects`, project.createdAt, id).exec();
    return project;
  }

  async get(id: string): Promise<Project | null> {
    const text = await this.redis.get(this.key(id));
    return text ? (JSON.parse(text) as Project) : null;
  }

  async list(): Promise<Project[]> {
    const ids = await this.redis.zrange(`${this.prefix}projects`, 0, -1);
    if (ids.length === 0) return [];
    const texts = await this.redis.mget(ids.map((id) => this.key(id)));
    return texts.filter((t): t is string => t !== null).map((t) => JSON.parse(t) as Project);
  }
}
