/**
 * @module runtime/core/calls/idempotency — idempotent production calls: a caller sends an
 * `Idempotency-Key` header, and a repeat of its call (a retry after a cut connection) gets the
 * first call's run instead of a second one. The first call with a key records key → run (per
 * project, for `ttlSeconds`, default 24 h) in one `SET NX` before anything starts; a repeat with
 * the same flow, version and body is the same call; with anything else it is refused (422).
 * The run's id is chosen at that `SET`, so a call whose process died between the record and
 * the start is started by its repeat (`reuse`: a run of that id is never started twice).
 */
import { createHash, randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { UnprocessableError, ValidationError } from '../../services/domain-errors.ts';

/** How long a key's first call is remembered by default: 24 hours. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
const KEY = /^[A-Za-z0-9._:-]{1,255}$/;

export const INVALID_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 characters: letters, digits, ".", "_", ":" or "-"';
export const MISMATCH_MESSAGE = 'Idempotency-Key was already used with a different request (another flow, version or body): send a new key for a new request';

/** The header's key, or undefined when none is sent; a ValidationError (400) when it is malformed. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (Array.isArray(header) || !KEY.test(header)) throw new ValidationError(INVALID_KEY_MESSAGE, 'invalid_idempotency_key');
  return header;
}

/** What makes two calls the same call: the flow, the version asked for (none: the newest, even after a deploy), and the body. */
export function fingerprintOf(flowId: string, version: number | undefined, body: unknown): string {
  return createHash('sha256').update(JSON.stringify([flowId, version ?? null, body ?? null])).digest('base64url');
}

export interface Claim {
  runId: string;
  /** false: an earlier call holds the key, and `runId` is its run */
  first: boolean;
}

export class IdempotencyKeys {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds = IDEMPOTENCY_TTL_SECONDS,
  ) {}

  /** Take `key` for a call with `fingerprint`, or find the run of the call that took it; UnprocessableError (422) when that call differs. */
  async claim(projectId: string, key: string, fingerprint: string): Promise<Claim> {
    const name = `${this.prefix}idem:${projectId}:${key}`;
    const runId = `run_${randomUUID().replace(/-/g, '')}`;
    if (await this.redis.set(name, JSON.stringify({ runId, fingerprint }), 'EX', this.ttlSeconds, 'NX')) return { runId, first: true };
    const held = await this.redis.get(name);
    // expired between the two commands: take it again
    if (held === null) return this.claim(projectId, key, fingerprint);
    const first = JSON.parse(held) as { runId: string; fingerprint: string };
    if (first.fingerprint !== fingerprint) throw new UnprocessableError(MISMATCH_MESSAGE, 'idempotency_key_reused');
    return { runId: first.runId, first: false };
  }
}
