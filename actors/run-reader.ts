/** @module actors/run-reader — reading runs for people: meta, snapshots, actors, events. */
import type Redis from 'ioredis';
import { asErrorKind } from '../contract/errors.ts';
import { runKeys } from './keys.ts';
import type { ActorFunctions } from './scripts.ts';
import type { RunEvent } from '../contract/run-events.ts';
import type { ActorSnapshot, ActorView, Envelope, RunMeta, RunSnapshot } from '../contract/runs.ts';

const numeric = new Set(['version', 'deployedVersion', 'startedAt', 'finishedAt', 'hop']);

export function parseMeta(hash: Record<string, string>): RunMeta | null {
  if (!hash.runId) return null;
  const meta: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(hash)) {
    if (field.startsWith('loop') || field === 'active' || field === 'lastNode' || field === 'touched' || field === 'debug' || field === 'released') continue;
    if (numeric.has(field)) meta[field] = Number(value);
    else if (field === 'input' || field === 'rerunOf' || field === 'paused') meta[field] = JSON.parse(value);
    else meta[field] = value;
  }
  // a run that ended is paused no more (a failure elsewhere in it leaves the field)
  if (meta.status !== 'running') delete meta.paused;
  // a run failed before kinds were kept (or with a kind this version does not know): unexpected
  if (meta.status === 'failed' || meta.errorKind !== undefined) meta.errorKind = asErrorKind(meta.errorKind);
  return meta as unknown as RunMeta;
}

export async function readMeta(redis: Redis, metaKey: string): Promise<RunMeta | null> {
  return parseMeta(await redis.hgetall(metaKey));
}

function parseJson(text: string | undefined): unknown {
  return text == null ? undefined : JSON.parse(text);
}

/** Each actor's state from a run's actors hash: the fields without a ':' (the others are <actor>:start, …). */
function statesOf(actors: Record<string, string>): [string, string][] {
  return Object.entries(actors).filter(([field]) => !field.includes(':'));
}

/** A hash as HGETALL inside Lua returns it (field, value, …), as an object. */
function hashOf(flat: string[]): Record<string, string> {
  const hash: Record<string, string> = {};
  for (let i = 0; i < flat.length; i += 2) hash[flat[i]] = flat[i + 1];
  return hash;
}

/** A run with every actor's state, output, error and timing: one call (snapshot-1.lua) reads it. */
export async function readSnapshot(functions: ActorFunctions, prefix: string, runId: string): Promise<RunSnapshot | null> {
  const [meta, actors, outputs] = (await functions.snapshot(runKeys(prefix, runId).meta)).map(hashOf);
  const parsed = parseMeta(meta);
  if (!parsed) return null;
  const nodes: Record<string, ActorSnapshot> = {};
  for (const [actor, state] of statesOf(actors)) {
    const startedAt = actors[`${actor}:start`] ? Number(actors[`${actor}:start`]) : undefined;
    const finishedAt = actors[`${actor}:end`] ? Number(actors[`${actor}:end`]) : undefined;
    nodes[actor] = {
      state,
      output: parseJson(outputs[actor]),
      error: outputs[`${actor}:error`],
      errorKind: state === 'failed' ? asErrorKind(outputs[`${actor}:errorKind`]) : undefined,
      startedAt,
      finishedAt,
      durationMs: startedAt != null && finishedAt != null ? finishedAt - startedAt : undefined,
    };
  }
  return { ...parsed, nodes };
}

/** Operators' view: every actor of a run with its mailbox. */
export async function readActors(redis: Redis, prefix: string, runId: string, limit = 100): Promise<ActorView[] | null> {
  const keys = runKeys(prefix, runId);
  if (!(await redis.exists(keys.meta))) return null;
  const states = Object.fromEntries(statesOf(await redis.hgetall(keys.actors)));
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

/**
 * An events stream entry holds the events of one engine step: field `e` is a JSON array (an
 * object in entries written before steps were batched). Event k of entry X has the id "X-k".
 */
function toEvents(entries: [string, string[]][]): RunEvent[] {
  const events: RunEvent[] = [];
  for (const [entryId, fields] of entries) {
    const parsed = JSON.parse(fields[1]) as RunEvent | RunEvent[];
    (Array.isArray(parsed) ? parsed : [parsed]).forEach((event, k) => events.push({ ...event, id: `${entryId}-${k}` }));
  }
  return events;
}

/** The events stream entry an event id (or a bare entry id) points into. */
export function entryOf(id: string): string {
  const parts = id.split('-');
  return parts.length > 2 ? `${parts[0]}-${parts[1]}` : id;
}

/**
 * Events after event `after` ('0' = from the start; a bare entry id "X" = after that whole
 * entry): the rest of its entry, then up to `count` entries more.
 */
export async function readEvents(redis: Redis, prefix: string, runId: string, after = '0', count = 1000): Promise<RunEvent[]> {
  const key = runKeys(prefix, runId).events;
  if (after === '0') return toEvents(await redis.xrange(key, '-', '+', 'COUNT', count));
  // from the entry `after` is in: its events up to `after` are dropped (all of them for a bare entry id)
  const events = toEvents(await redis.xrange(key, entryOf(after), '+', 'COUNT', count + 1));
  return events.filter((event) => isAfter(event.id!, after));
}

/** Wait up to `blockMs` for the entries after the one event `after` is in, on a connection that may block. */
export async function waitEvents(blocking: Redis, prefix: string, runId: string, after: string, blockMs: number): Promise<RunEvent[]> {
  const reply = (await blocking.xread('COUNT', 1000, 'BLOCK', blockMs, 'STREAMS', runKeys(prefix, runId).events, entryOf(after))) as
    | [string, [string, string[]][]][]
    | null;
  return reply ? toEvents(reply[0][1]) : [];
}

/** Event ids compare as (milliseconds, sequence, index in the entry); a bare entry id stands after its whole entry. */
export function isAfter(id: string, other: string): boolean {
  const [a, b, k = Infinity] = id.split('-').map(Number);
  const [c, d, l = Infinity] = other.split('-').map(Number);
  return a > c || (a === c && (b > d || (b === d && k > l)));
}

export const endEvents = new Set(['run.completed', 'run.failed', 'run.cancelled', 'run.incomplete']);
