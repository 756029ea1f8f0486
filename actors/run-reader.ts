/** @module actors/run-reader — reading runs for people: meta, snapshots, actors, events. */
import type Redis from 'ioredis';
import type { ActorSnapshot, RunSnapshot } from './engine-types.ts';
import { runKeys } from './keys.ts';
import type { Envelope, RunEvent, RunMeta } from './types.ts';

const numeric = new Set(['version', 'startedAt', 'finishedAt', 'hop']);

export function parseMeta(hash: Record<string, string>): RunMeta | null {
  if (!hash.runId) return null;
  const meta: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(hash)) {
    if (field.startsWith('loop') || field === 'active' || field === 'lastNode') continue;
    if (numeric.has(field)) meta[field] = Number(value);
    else if (field === 'input') meta[field] = JSON.parse(value);
    else meta[field] = value;
  }
  return meta as unknown as RunMeta;
}

export async function readMeta(redis: Redis, metaKey: string): Promise<RunMeta | null> {
  return parseMeta(await redis.hgetall(metaKey));
}

function parseJson(text: string | undefined): unknown {
  return text == null ? undefined : JSON.parse(text);
}

/** A run with every actor's state, output, error and timing. */
export async function readSnapshot(redis: Redis, prefix: string, runId: string): Promise<RunSnapshot | null> {
  const keys = runKeys(prefix, runId);
  const [meta, states, outputs, times] = await Promise.all([
    redis.hgetall(keys.meta),
    redis.hgetall(keys.state),
    redis.hgetall(keys.out),
    redis.hgetall(keys.times),
  ]);
  const parsed = parseMeta(meta);
  if (!parsed) return null;
  const nodes: Record<string, ActorSnapshot> = {};
  for (const [actor, state] of Object.entries(states)) {
    const startedAt = times[`${actor}:start`] ? Number(times[`${actor}:start`]) : undefined;
    const finishedAt = times[`${actor}:end`] ? Number(times[`${actor}:end`]) : undefined;
    nodes[actor] = {
      state,
      output: parseJson(outputs[actor]),
      error: outputs[`${actor}:error`],
      startedAt,
      finishedAt,
      durationMs: startedAt != null && finishedAt != null ? finishedAt - startedAt : undefined,
    };
  }
  return { ...parsed, nodes };
}

export interface ActorView {
  actor: string;
  state: string;
  mailbox: { key: string; length: number; messages: (Envelope & { streamId: string })[] };
}

/** Operators' view: every actor of a run with its mailbox. */
export async function readActors(redis: Redis, prefix: string, runId: string, limit = 100): Promise<ActorView[] | null> {
  const keys = runKeys(prefix, runId);
  if (!(await redis.exists(keys.meta))) return null;
  const states = await redis.hgetall(keys.state);
  const actors = Object.keys(states).sort();
  const pipeline = redis.pipeline();
  for (const actor of actors) {
    pipeline.xlen(keys.mailbox(actor));
    pipeline.xrange(keys.mailbox(actor), '-', '+', 'COUNT', limit);
  }
  const replies = (await pipeline.exec()) ?? [];
  return actors.map((actor, i) => {
    const length = Number(replies[i * 2]?.[1] ?? 0);
    const entries = (replies[i * 2 + 1]?.[1] ?? []) as [string, string[]][];
    const messages = entries.map(([streamId, fields]) => ({ streamId, ...(JSON.parse(fields[1]) as Envelope) }));
    return { actor, state: states[actor], mailbox: { key: keys.mailbox(actor), length, messages } };
  });
}

function toEvents(entries: [string, string[]][]): RunEvent[] {
  return entries.map(([id, fields]) => ({ ...(JSON.parse(fields[1]) as RunEvent), id }));
}

/** Events after stream id `after` ('0' = from the start). */
export async function readEvents(redis: Redis, prefix: string, runId: string, after = '0', count = 1000): Promise<RunEvent[]> {
  const start = after === '0' ? '-' : `(${after}`;
  return toEvents(await redis.xrange(runKeys(prefix, runId).events, start, '+', 'COUNT', count));
}

/** Wait up to `blockMs` for events after `after` on a connection that may block. */
export async function waitEvents(blocking: Redis, prefix: string, runId: string, after: string, blockMs: number): Promise<RunEvent[]> {
  const reply = (await blocking.xread('COUNT', 1000, 'BLOCK', blockMs, 'STREAMS', runKeys(prefix, runId).events, after)) as
    | [string, [string, string[]][]][]
    | null;
  return reply ? toEvents(reply[0][1]) : [];
}

export const endEvents = new Set(['run.completed', 'run.failed', 'run.cancelled', 'run.incomplete']);
