/**
 * @module runtime/services/stores/flows — flow documents in Redis: `{prefix}flow:{id}` (JSON) and
 * `{prefix}project:{id}:flows` (zset). Saving bumps the version; a save that started from an
 * older version is refused, so a concurrent edit is never silently lost.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Redis from 'ioredis';
import type { FlowDocument } from '../../../contract/flow-document.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';
import { BoundedMap } from './bounded-map.ts';
import { trackedReads } from './tracked-reads.ts';

const saveFlowLua = readFileSync(join(import.meta.dirname, 'lua', 'save-flow-1.lua'), 'utf8');

interface FlowCommands {
  weftSaveFlow(key: string, fromVersion: string, json: string): Promise<[outcome: 'ok' | 'stale' | 'missing', storedVersion: number]>;
}

/** Define the store's script on a connection once (ioredis then runs it by SHA). */
function withFlowCommands(redis: Redis): Redis & FlowCommands {
  const target = redis as Redis & Partial<FlowCommands>;
  if (!target.weftSaveFlow) redis.defineCommand('weftSaveFlow', { numberOfKeys: 1, lua: saveFlowLua });
  return target as Redis & FlowCommands;
}

function conflict(edited: number, stored: number): ConflictError {
  return new ConflictError(`The flow changed elsewhere: you edited version ${edited}, the saved one is version ${stored}`, 'conflict', {
    version: stored,
  });
}

/** compare-and-set rounds before a save under heavy contention gives up with 409 */
const SAVE_ATTEMPTS = 25;

export type FlowDraft = Pick<FlowDocument, 'name' | 'nodes' | 'edges' | 'notes'>;

export class FlowStore {
  /** the last text read of each flow by `shared`, and its parse (what a cluster's reads reuse: tracked-reads.ts) */
  private readonly parsed = new BoundedMap<string, { text: string; flow: FlowDocument }>(1000);

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
      ...(draft.notes ? { notes: draft.notes } : {}),
      createdAt: now,
      updatedAt: now,
    };
    await this.redis.multi().set(this.key(flow.id), JSON.stringify(flow)).zadd(this.projectKey(projectId), now, flow.id).exec();
    trackedReads(this.redis).forget(this.key(flow.id));
    return flow;
  }

  async get(id: string): Promise<FlowDocument | null> {
    const text = await this.redis.get(this.key(id));
    return text ? (JSON.parse(text) as FlowDocument) : null;
  }

  /**
   * The flow as `get` reads it, kept in this process until Redis says it changed
   * (tracked-reads.ts; on a cluster, read each time but parsed only when its text changed): every
   * caller gets the same object, so callers only read it (the run services: production calls
   * and test runs read a flow on every call).
   */
  shared(id: string): Promise<FlowDocument | null> {
    return trackedReads(this.redis).read(this.key(id), '', async (redis) => {
      const text = await redis.get(this.key(id));
      if (!text) return null;
      const known = this.parsed.get(id);
      if (known?.text === text) return known.flow;
      const flow = JSON.parse(text) as FlowDocument;
      this.parsed.set(id, { text, flow });
      return flow;
    });
  }

  async list(projectId: string): Promise<FlowDocument[]> {
    const ids = await this.redis.zrange(this.projectKey(projectId), 0, -1);
    if (ids.length === 0) return [];
    const texts = await this.redis.mget(ids.map((id) => this.key(id)));
    return texts.filter((t): t is string => t !== null).map((t) => JSON.parse(t) as FlowDocument);
  }

  /**
   * Apply `change` to the stored flow and bump its version, atomically: the write is a
   * compare-and-set on the version it was made from (lua/save-flow-1.lua), retried when a
   * concurrent save got in first. `expectedVersion`, when given, must be the stored version —
   * before and at the moment of writing — or the save is refused with 409 'conflict'.
   */
  async update(id: string, change: (flow: FlowDocument) => FlowDocument, expectedVersion?: number): Promise<FlowDocument> {
    const key = this.key(id);
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
      const current = await this.get(id);
      if (!current) throw new NotFoundError('Workflow not found');
      if (expectedVersion !== undefined && expectedVersion !== current.version) throw conflict(expectedVersion, current.version);
      const next: FlowDocument = {
        ...change(current),
        id,
        projectId: current.projectId,
        createdAt: current.createdAt,
        version: current.version + 1,
        updatedAt: Date.now(),
      };
      const [outcome, stored] = await withFlowCommands(this.redis).weftSaveFlow(key, String(current.version), JSON.stringify(next));
      trackedReads(this.redis).forget(key);
      if (outcome === 'ok') return next;
      if (outcome === 'missing') throw new NotFoundError('Workflow not found');
      if (expectedVersion !== undefined) throw conflict(expectedVersion, stored);
    }
    throw new ConflictError('The flow is being changed by someone else right now; try again');
  }

  async delete(id: string): Promise<boolean> {
    const flow = await this.get(id);
    if (!flow) return false;
    await this.redis.multi().del(this.key(id)).zrem(this.projectKey(flow.projectId), id).exec();
    trackedReads(this.redis).forget(this.key(id));
    return true;
  }
}
