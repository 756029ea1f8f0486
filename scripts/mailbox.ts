/**
 * @module scripts/mailbox — `npm run mailbox -- <runId> [--follow] [--prefix weft:]`: every actor
 * of a run with its state and mailbox, for operators; `--follow` prints what changes as the
 * run's events arrive, until the run ends. Reads through actors/run-reader, like the HTTP API.
 */
import { connectRedis } from '../actors/redis-connection.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Redis from 'ioredis';
import { runKeys } from '../actors/keys.ts';
import { endEvents, readActors, readMeta, waitEvents } from '../actors/run-reader.ts';
import type { ActorView } from '../contract/runs.ts';
import type { RunEvent } from '../contract/run-events.ts';

const usage = 'usage: npm run mailbox -- <runId> [--follow] [--prefix weft:]';
const payloadWidth = 80;

export interface MailboxArgs {
  runId: string;
  follow: boolean;
  prefix: string;
}

/** Read the command line; anything unexpected throws with the usage line. */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): MailboxArgs {
  let runId: string | undefined;
  let follow = false;
  let prefix = env.WEFT_PREFIX || 'weft:';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--follow' || arg === '-f') follow = true;
    else if (arg === '--prefix') {
      prefix = argv[++i] ?? '';
      if (!prefix) throw new Error(`--prefix needs a value, e.g. --prefix weft:\n${usage}`);
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}\n${usage}`);
    else if (runId) throw new Error(`one run id only (got ${runId} and ${arg})\n${usage}`);
    else runId = arg;
  }
  if (!runId) throw new Error(usage);
  return { runId, follow, prefix };
}

function summary(payload: unknown): string {
  if (payload === undefined) return '';
  const text = JSON.stringify(payload);
  return text.length > payloadWidth ? `${text.slice(0, payloadWidth - 1)}…` : text;
}

function formatActor(actor: ActorView, fromMessage = 0): string[] {
  const { length, key, messages } = actor.mailbox;
  const lines = [`${actor.actor}  [${actor.state}]  ${length} message${length === 1 ? '' : 's'}  (${key})`];
  for (const m of messages.slice(fromMessage)) {
    lines.push(`  ${m.streamId}  ${m.from.nodeId}:${m.from.port} → ${m.to.port}  ${m.kind.padEnd(4)}  hop ${m.hop}  ${summary(m.payload)}`.trimEnd());
  }
  const hidden = length - messages.length;
  if (hidden > 0) lines.push(`  … ${hidden} more (redis-cli XRANGE '${key}' - +)`);
  return lines;
}

/** The printed view of a run's actors. */
export function formatActors(runId: string, actors: ActorView[], status?: string): string {
  const lines = [`run ${runId}${status ? ` [${status}]` : ''}: ${actors.length} actor${actors.length === 1 ? '' : 's'}`];
  for (const actor of actors) lines.push('', ...formatActor(actor));
  return lines.join('\n');
}

/** What changed between two views: actors whose state changed or whose mailbox grew (new messages only). */
export function formatChanges(before: ActorView[], after: ActorView[]): string {
  const previous = new Map(before.map((a) => [a.actor, a]));
  const lines: string[] = [];
  for (const actor of after) {
    const old = previous.get(actor.actor);
    if (old && old.state === actor.state && old.mailbox.length === actor.mailbox.length) continue;
    lines.push(...formatActor(actor, old?.mailbox.messages.length ?? 0));
  }
  return lines.join('\n');
}

const describeEvent = (e: RunEvent) =>
  [
    e.type,
    'nodeId' in e && `${e.nodeId}${'iteration' in e && e.iteration != null ? `#${e.iteration}` : ''}`,
    e.type === 'edge.message' && `${e.edgeId} ${e.kind}`,
    'error' in e && e.error && `'${e.error}'`,
  ]
    .filter(Boolean)
    .join(' ');

/** Print a run's actors; with `follow`, keep printing what changes until the run ends. */
export async function inspectRun(redis: Redis, args: MailboxArgs, write: (text: string) => void): Promise<void> {
  const keys = runKeys(args.prefix, args.runId);
  // the newest event before the first look: following starts right after it, so nothing is missed
  const [last] = await redis.xrevrange(keys.events, '+', '-', 'COUNT', 1);
  let cursor = last?.[0] ?? '0-0';
  const [meta, first] = await Promise.all([readMeta(redis, keys.meta), readActors(redis, args.prefix, args.runId)]);
  if (!meta || !first) throw new Error(`No run ${args.runId} under prefix '${args.prefix}' (runs expire after the retention; another prefix? --prefix)`);
  write(formatActors(args.runId, first, meta.status));
  if (!args.follow) return;
  if (meta.status !== 'running') return write(`\nrun ${args.runId} has ended: ${meta.status}`);
  let view = first;
  const blocking = redis.duplicate();
  try {
    for (;;) {
      const events = await waitEvents(blocking, args.prefix, args.runId, cursor, 5000);
      if (events.length === 0) {
        const status = (await readMeta(redis, keys.meta))?.status ?? 'expired';
        if (status !== 'running') return write(`\nrun ${args.runId} has ended: ${status}`);
        continue;
      }
      cursor = events.at(-1)!.id!;
      const next = (await readActors(redis, args.prefix, args.runId)) ?? [];
      write(`\n--- ${events.map(describeEvent).join(', ')}`);
      const changes = formatChanges(view, next);
      if (changes) write(changes);
      view = next;
      const end = events.find((e) => endEvents.has(e.type));
      if (end) return write(`\nrun ${args.runId} has ended: ${end.type.slice(4)}`);
    }
  } finally {
    blocking.disconnect();
  }
}

/** REDIS_URL, else the URL `npm start` wrote to `${WEFT_DATA_DIR:-./data}/redis.url`. */
export function redisUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.REDIS_URL) return env.REDIS_URL;
  const file = join(env.WEFT_DATA_DIR || './data', 'redis.url');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new Error(
    `Which Redis? REDIS_URL is not set and ${file} does not exist (npm start writes it while it runs).\n` +
      'Set it, e.g.: REDIS_URL=redis://127.0.0.1:6379 npm run mailbox -- <runId>',
  );
}

/** The URL without its password, for messages. */
const shown = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');

async function main(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const url = redisUrl();
  const redis = connectRedis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  let cause = '';
  redis.on('error', (error: Error) => (cause ||= error.message)); // reported by connect() below
  try {
    await redis.connect().catch((error: Error) => {
      throw new Error(`Cannot reach Redis at ${shown(url)} (${cause || error.message}). Is weft's Redis running? Set REDIS_URL to the right one.`);
    });
    await inspectRun(redis, args, (text) => console.log(text));
  } finally {
    redis.disconnect();
  }
}

if (process.argv[1]?.endsWith('mailbox.ts')) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
