/**
 * @module runtime/stores/flows — flow documents in Redis: `{prefix}flow:{id}` (JSON) and
 * `{prefix}project:{id}:flows` (zset). Saving bumps the version; a save that started from an
 * older version is refused, so a concurrent edit is never silently lost.
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { HttpError } from '../http/errors.ts';
import type { FlowDocument } from '../flows/flow-document.ts';

export type FlowDraft = Pick<FlowDocument, 'name' | 'nodes' | 'edges'>;

export class FlowStore {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  private key(id: string): string {
    return `${this.prefix}flow:${id}`;
  }

  private projectKey(projectId: string): string {
    return `${this.prefix}project:${projectId}:flows`;
  }

  async create(projectId: string, draft: FlowDraft): Promise<FlowDocument> {
    const now = Date.now();
    const flow: FlowDocument = {
      id: `flow_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
      projectId,
      name: draft.name,
      status: 'draft',
      version: 1,
      nodes: draft.nodes,
      edges: draft.edges,
      createdAt: now,
      updatedAt: now,
    };
    await this.redis.multi().set(this.key(flow.id), JSON.stringify(flow)).zadd(this.projectKey(projectId), now, flow.id).exec();
    return flow;
  }

  async get(id: string): Promise<FlowDocument | null> {
    const text = await this.redis.get(this.key(id));
    return text ? (JSON.parse(text) as FlowDocument) : null;
  }

  async list(projectId: string): Promise<FlowDocument[]> {
    const ids = await this.redis.zrange(this.projectKey(projectId), 0, -1);
    if (ids.length === 0) return [];
    const texts = await this.redis.mget(ids.map((id) => this.key(id)));
    return texts.filter((t): t is string => t !== null).map((t) => JSON.parse(t) as FlowDocument);
  }

  /**
   * Apply `change` to the stored flow and bump its version, atomically (WATCH/MULTI, retried
   * on a concurrent write). `expectedVersion`, when given, must be the stored version (409).
   */
  async update(id: string, change: (flow: FlowDocument) => FlowDocument, expectedVersion?: number): Promise<FlowDocument> {
    const key = this.key(id);
    for (let attempt = 0; attempt < 10; attempt++) {
      const connection = this.redis.duplicate();
      try {
        await connection.watch(key);
        const text = await connection.get(key);
        if (!text) throw new HttpError(404, 'not_found', 'Workflow not found');
        const current = JSON.parse(text) as FlowDocument;
        if (expectedVersion !== undefined && expectedVersion !== current.version) {
          throw new HttpError(409, 'conflict', `The flow changed elsewhere: you edited version ${expectedVersion}, the saved one is version ${current.version}`, {
            version: current.version,
          });
        }
        const next = { ...change(current), id, projectId: current.projectId, createdAt: current.createdAt, version: current.version + 1, updatedAt: Date.now() };
        const done = await connection.multi().set(key, JSON.stringify(next)).exec();
        if (done) return next;
      } finally {
        connection.disconnect();
      }
    }
    throw new HttpError(409, 'conflict', 'The flow is being changed by someone else right now; try again');
  }

  async delete(id: string): Promise<boolean> {
    const flow = await this.get(id);
    if (!flow) return false;
    await this.redis.multi().del(this.key(id)).zrem(this.projectKey(flow.projectId), id).exec();
    return true;
  }
}
