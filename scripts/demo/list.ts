/**
 * @module scripts/demo/list — `npm run demo -- list`: the demo flows' curl lines again, as the
 * first `npm start` printed them, read from the Redis the seed stored them in (the configuration
 * of `npm start`: runtime/config.ts). weft need not be running: when its own Redis (no
 * REDIS_URL) is stopped, it is started from the data directory for the reading, then stopped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Redis from 'ioredis';
import { loadConfig, type Config } from '../../runtime/config.ts';
import { FlowStore } from '../../runtime/services/stores/flows.ts';
import { ProjectStore } from '../../runtime/services/stores/projects.ts';
import { connectStores } from '../../runtime/services/stores/slot-transactions.ts';
import { startRedis, type OwnRedis } from '../../actors/redis-server.ts';
import { demoCallLines } from './demo-calls.ts';
import { DEMO_PROJECT } from './seed.ts';

const usage = 'usage: npm run demo -- list';

/** The seed's demo project (the oldest one named Demo) and its flows' ids by name; null when there is none. */
export async function storedDemoIds(redis: Redis, prefix: string): Promise<{ projectId: string; ids: Record<string, string> } | null> {
  const project = (await new ProjectStore(redis, prefix).list()).find((p) => p.name === DEMO_PROJECT);
  if (!project) return null;
  const flows = await new FlowStore(redis, prefix).list(project.id);
  return { projectId: project.id, ids: Object.fromEntries(flows.map((flow) => [flow.name, flow.id])) };
}

/** The address `npm start` serves at with this configuration (bound to every address: called at loopback). */
export function baseUrl(config: Pick<Config, 'host' | 'port'>): string {
  if (config.port === 0) throw new Error('PORT=0 picks a free port at each start: give the PORT weft runs on');
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** What `list` prints: the lines, or what to do when there is no demo project. */
export async function listDemoCalls(redis: Redis, config: Pick<Config, 'host' | 'port' | 'prefix'>): Promise<string[]> {
  const stored = await storedDemoIds(redis, config.prefix);
  if (!stored) return [`No ${DEMO_PROJECT} project under prefix '${config.prefix}': the first npm start makes it`];
  return demoCallLines(baseUrl(config), stored.ids);
}

const connect = (url: string) => connectStores(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });

/** A connection to the configured Redis; `own`: the data directory's Redis, started here because it was not running. */
async function openRedis(config: Config): Promise<{ redis: Redis; own?: OwnRedis }> {
  const file = join(config.dataDir, 'redis.url');
  const url = config.redisUrl ?? (existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined);
  if (url) {
    const redis = connect(url);
    let cause = '';
    redis.on('error', (error: Error) => (cause ||= error.message));
    const reached = await redis.connect().then(() => true, () => false);
    if (reached) return { redis };
    redis.disconnect();
    if (config.redisUrl) throw new Error(`Cannot reach the Redis of REDIS_URL (${cause}): is it running?`);
  }
  const dir = join(config.dataDir, 'redis');
  if (!existsSync(dir)) throw new Error(`No weft data in ${config.dataDir} (WEFT_DATA_DIR): run npm start first`);
  const own = await startRedis({ dir });
  const redis = connect(own.url);
  await redis.connect();
  return { redis, own };
}

async function main(argv: string[]): Promise<void> {
  if (argv.length !== 1 || argv[0] !== 'list') throw new Error(usage);
  const config = loadConfig(process.env);
  const { redis, own } = await openRedis(config);
  try {
    for (const line of await listDemoCalls(redis, config)) console.log(line);
  } finally {
    redis.disconnect();
    await own?.stop();
  }
}

if (process.argv[1]?.endsWith('list.ts')) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
