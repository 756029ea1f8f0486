/**
 * @module runtime/stores/flow-versions — a flow's deployed versions in Redis, one key a version:
 * `{prefix}flow:{id}:version:{n}` (the whole FlowVersion, JSON, written once and never changed)
 * and `{prefix}flow:{id}:versions` (the newest number; INCR hands out the next, so two deploys
 * at once get two numbers).
 */
import type Redis from 'ioredis';
import type { FlowVersion, FlowVersionSummary } from '../../contract/versions.ts';

export type NewFlowVersion = Omit<FlowVersion, 'version' | 'deployedAt'>;

export class FlowVersionStore {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  private key(flowId: string, version: number): string {
    return `${this.prefix}flow:${flowId}:version:${version}`;
  }

  private counterKey(flowId: string): string {
    return `${this.prefix}flow:${flowId}:versions`;
  }

  /** Store the next numbered version of the flow. */
  async create(content: NewFlowVersion): Promise<FlowVersion> {
    const version = await this.redis.incr(this.counterKey(content.flowId));
    const stored: FlowVersion = { ...content, version, deployedAt: Date.now() };
    await this.redis.set(this.key(content.flowId, version), JSON.stringify(stored), 'NX');
    return stored;
  }

  async get(flowId: string, version: number): Promise<FlowVersion | null> {
    const text = await this.redis.get(this.key(flowId, version));
    return text ? (JSON.parse(text) as FlowVersion) : null;
  }

  /** Forget every version of a deleted flow. */
  async deleteAll(flowId: string): Promise<void> {
    const newest = Number(await this.redis.get(this.counterKey(flowId))) || 0;
    await this.redis.del(this.counterKey(flowId), ...Array.from({ length: newest }, (_, i) => this.key(flowId, i + 1)));
  }

  /** Every version's summary, newest first. */
  async list(flowId: string): Promise<FlowVersionSummary[]> {
    const newest = Number(await this.redis.get(this.counterKey(flowId))) || 0;
    if (newest === 0) return [];
    const keys = Array.from({ length: newest }, (_, i) => this.key(flowId, newest - i));
    const texts = await this.redis.mget(keys);
    return texts
      .filter((t): t is string => t !== null)
      .map((t) => {
        const { version, note, deployedAt, deployedBy, rolledBackFrom } = JSON.parse(t) as FlowVersion;
        return { version, note, deployedAt, deployedBy, ...(rolledBackFrom !== undefined ? { rolledBackFrom } : {}) };
      });
  }
}
