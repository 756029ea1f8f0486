/**
 * @module runtime/services/stores/flow-versions — a flow's deployed versions (contract/versions.ts):
 * immutable, numbered 1, 2, 3… per flow. One Redis key per version holds its whole content, and
 * one hash holds every version's summary, so listing reads the summaries only and a production
 * call reads the one version it runs (and only until its compiled plan is cached). The keys of a
 * flow share the hash tag `{versions:<flowId>}`:
 * - `{versions:F}:last` — the newest number (INCR makes the next one);
 * - `{versions:F}:summaries` — hash version → summary JSON;
 * - `{versions:F}:<n>` — the version's JSON: the summary, the content and `draftRevision`.
 */
import type Redis from 'ioredis';
import type { FlowVersion, FlowVersionSummary } from '../../../contract/versions.ts';
import { NotFoundError, ValidationError } from '../domain-errors.ts';

/** What a deploy or a rollback freezes: the draft's content. */
export type VersionContent = Pick<FlowVersion, 'name' | 'nodes' | 'edges' | 'notes'>;

/** A version as stored: also the draft's save revision it was made from (a run's meta `version`). */
export type StoredVersion = FlowVersion & { draftRevision: number };

export interface NewVersion {
  content: VersionContent;
  draftRevision: number;
  deployedBy: FlowVersionSummary['deployedBy'];
  note: string;
  rolledBackFrom?: number;
  testsOverride?: FlowVersionSummary['testsOverride'];
}

export class FlowVersionStore {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  private key(flowId: string, part: string): string {
    return `${this.prefix}{versions:${flowId}}:${part}`;
  }

  /** Freeze a new version of the flow; its number is the next one. */
  async add(flowId: string, made: NewVersion): Promise<StoredVersion> {
    const version = await this.redis.incr(this.key(flowId, 'last'));
    const summary: FlowVersionSummary = {
      version,
      note: made.note,
      deployedAt: Date.now(),
      deployedBy: made.deployedBy,
      ...(made.rolledBackFrom !== undefined ? { rolledBackFrom: made.rolledBackFrom } : {}),
      ...(made.testsOverride ? { testsOverride: made.testsOverride } : {}),
    };
    const { name, nodes, edges, notes } = made.content;
    const stored: StoredVersion = { ...summary, flowId, name, nodes, edges, ...(notes ? { notes } : {}), draftRevision: made.draftRevision };
    await this.redis
      .multi()
      .set(this.key(flowId, String(version)), JSON.stringify(stored))
      .hset(this.key(flowId, 'summaries'), String(version), JSON.stringify(summary))
      .exec();
    return stored;
  }

  async get(flowId: string, version: number): Promise<StoredVersion | null> {
    const text = await this.redis.get(this.key(flowId, String(version)));
    return text ? (JSON.parse(text) as StoredVersion) : null;
  }

  /** Every version's summary, newest first. */
  async list(flowId: string): Promise<FlowVersionSummary[]> {
    const texts = await this.redis.hvals(this.key(flowId, 'summaries'));
    return texts.map((text) => JSON.parse(text) as FlowVersionSummary).sort((a, b) => b.version - a.version);
  }

  /** The newest version's number; 0 when the flow has none. */
  async newest(flowId: string): Promise<number> {
    return Number(await this.redis.get(this.key(flowId, 'last'))) || 0;
  }

  /** Forget every version of a deleted flow. */
  async deleteAll(flowId: string): Promise<void> {
    const versions = await this.redis.hkeys(this.key(flowId, 'summaries'));
    const keys = [...versions.map((v) => this.key(flowId, v)), this.key(flowId, 'summaries'), this.key(flowId, 'last')];
    await this.redis.del(...keys);
  }
}

/** A version as the routes answer it (contract/versions.ts): without the draft revision. */
export function publicVersion({ draftRevision: _revision, ...version }: StoredVersion): FlowVersion {
  return version;
}

/** 404 for a version the flow does not have, saying which it has. */
export function versionNotFound(flowId: string, version: number, newest: number): NotFoundError {
  const has = newest === 0 ? 'it has no deployed version yet' : newest === 1 ? 'its only version is 1' : `its versions are 1 to ${newest}`;
  return new NotFoundError(`Flow ${flowId} has no version ${version} (${has})`);
}

/** A version number as a path or argument gives it: a whole number of 1 or more, else a 400. */
export function versionNumber(text: string): number {
  if (!/^[1-9][0-9]{0,8}$/.test(text)) throw new ValidationError(`A version is a whole number of 1 or more, not '${text.slice(0, 40)}'`);
  return Number(text);
}
