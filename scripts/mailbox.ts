/**
 * @module scripts/mailbox — `npm run mailbox -- <runId> [--follow] [--prefix weft:]`: each actor
 * of a run with its state and mailbox, for operators.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import { runKeys } from '../actors/keys.ts';
import { endEvents, readActors, waitEvents, type ActorView } from '../actors/run-reader.ts';

const payloadWidth = 80;

function summary(payload: unknown): string {
  if (payload === undefined) return '';
  const text = JSON.stringify(payload);
  return text.length > payloadWidth ? `${text.slice(0, payloadWidth - 1)}…` : text;
}

/** The printed view of a run's actors. */
export function formatActors(runId: string, actors: ActorView[]): string {
  const lines = [`run ${runId}: ${actors.length} actors`];
  for (const actor of actors) {
    lines.push(`\n${actor.actor}  [${actor.state}]  mailbox ${actor.mailbox.key}: ${actor.mailbox.length} message(s)`);
    for (const m of actor.mailbox.messages) {
      lines.push(`  ${m.streamId}  ${m.from.nodeId}:${m.from.port} → ${m.to.port}  ${m.kind.padEnd(4)}  hop ${m.hop}  ${summary(m.payload)}`);
    }
  }
  return lines.join('\n');
}

function redisUrl(): string {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const file = join(process.env.WEFT_DATA_DIR || './data', 'redis.url');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new Error('Set REDIS_URL to the Redis weft uses (npm start writes it to data/redis.url while it runs)');
}

async function main(argv: string[]): Promise<void> {
  const runId = argv.find((a) => !a.startsWith('--') && argv[argv.indexOf(a) - 1] !== '--prefix');
  const prefixAt = argv.indexOf('--prefix');
  const prefix = prefixAt >= 0 ? argv[prefixAt + 1] : process.env.WEFT_PREFIX || 'weft:';
  if (!runId) throw new Error('usage: npm run mailbox -- <runId> [--follow] [--prefix weft:]');
  const redis = new Redis(redisUrl(), { maxRetriesPerRequest: 1 });
  try {
    const print = async () => {
      const actors = await readActors(redis, prefix, runId);
      if (!actors) throw new Error(`No run ${runId} under prefix '${prefix}' (finished runs expire after the retention)`);
      console.log(formatActors(runId, actors));
    };
    await print();
    if (!argv.includes('--follow')) return;
    const blocking = redis.duplicate();
    let cursor = '$';
    const status = await redis.hget(runKeys(prefix, runId).meta, 'status');
    while (status === 'running') {
      const events = await waitEvents(blocking, prefix, runId, cursor, 5000);
      if (events.length === 0) continue;
      cursor = events.at(-1)!.id!;
      console.log(`\n--- ${events.map((e) => `${e.type}${e.nodeId ? ` ${e.nodeId}` : ''}`).join(', ')}`);
      await print();
      if (events.some((e) => endEvents.has(e.type))) break;
    }
    blocking.disconnect();
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
