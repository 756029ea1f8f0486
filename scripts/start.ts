/**
 * @module scripts/start — `npm start`: Redis (unless REDIS_URL), the editor and widget builds when stale,
 * the server and workers, the admin account (first start), the demo project; prints the URL and
 * how to sign in; Ctrl-C stops what it started.
 */
import { connectStores } from '../runtime/services/stores/slot-transactions.ts';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { prepareAdmin } from '../runtime/services/auth/first-start.ts';
import { loadConfig } from '../runtime/config.ts';
import { SECRET_FILE } from '../runtime/services/secrets/server-secret.ts';
import { startWeft } from '../runtime/server.ts';
import { buildUiIfStale } from './build-ui.ts';
import { demoCallLines } from './demo/demo-calls.ts';
import { baseUrl } from './demo/list.ts';
import { ownAddress, seedDemo } from './demo/seed.ts';
import { freePort, startRedis, type OwnRedis } from '../actors/redis-server.ts';
import { ensurePackages, missingLine, redisServer } from './system-packages.ts';

// V8 lets the old generation grow to about four times what a full GC keeps when collecting is
// cheap, as it is for a busy server: ~48 MB live became ~200 MB of heap and 300–350 MB RSS
// under the peers bench. Twice what it keeps holds RSS at ~240 MB with no loss of throughput
// (docs/performance-log.md).
setFlagsFromString('--heap-growing-percent=100');

function ensureRedisServer(): void {
  const missing = ensurePackages([redisServer]);
  if (missing.length === 0) return;
  console.error(missingLine('npm start', missing, 'or point REDIS_URL at a running Redis 7 or later (macOS: `brew install redis`)'));
  process.exit(1);
}

/**
 * The demo "Index a website" crawls this server's own served docs (`/docs/`): its own address,
 * and no other loopback address, is allowed to nodes (WEFT_OUTBOUND_ALLOW adds others), and
 * unless WEFT_SERVICE_URL_WEFT says otherwise it is the weft URL flows' webhooks are given as.
 */
function ownAddressAllowed(config: ReturnType<typeof loadConfig>): { outboundAllow: string[]; serviceUrls: typeof config.serviceUrls } {
  const own = baseUrl(config).slice('http://'.length);
  const serviceUrls = process.env.WEFT_SERVICE_URL_WEFT ? config.serviceUrls : { ...config.serviceUrls, weft: `http://${own}` };
  return { outboundAllow: [...config.outboundAllow, own], serviceUrls };
}

async function main(): Promise<void> {
  const loaded = loadConfig(process.env);
  // PORT=0: a free port chosen now, so the server's own address (allowed to the demo's crawl) is known
  const config = loaded.port === 0 ? { ...loaded, port: await freePort() } : loaded;
  const dataDir = resolve(config.dataDir);
  mkdirSync(dataDir, { recursive: true });
  let redis: OwnRedis | undefined;
  let redisUrl = config.redisUrl;
  if (!redisUrl) {
    ensureRedisServer();
    redis = await startRedis({ dir: join(dataDir, 'redis') });
    redisUrl = redis.url;
    console.log(`Redis started from redis.conf, data in ${join(dataDir, 'redis')} (AOF on)`);
  }
  writeFileSync(join(dataDir, 'redis.url'), `${redisUrl}\n`);
  if (config.role !== 'worker') {
    buildUiIfStale();
  }
  const secretFile = join(dataDir, SECRET_FILE);
  const newSecret = !config.secret && !existsSync(secretFile);
  const weft = await startWeft({ ...config, redisUrl, ...ownAddressAllowed(config) });
  let signIn = '';
  if (newSecret) console.log(`Server secret generated in ${secretFile} (mode 0600): back it up — no credential can be read without it`);
  if (config.role !== 'worker') {
    const connection = connectStores(redisUrl, { maxRetriesPerRequest: 3 });
    try {
      const first = await prepareAdmin(connection, { prefix: config.prefix, dataDir, admin: config.admin });
      signIn = first.message;
      try {
        const demo = await seedDemo(weft.url, first.session.headers);
        if (demo) {
          console.log(`Demo project ready in ${first.admin.organisation.name}: ${demo.flows} example flows, public (no key needed); paste a line to call one:\n`);
          for (const line of demoCallLines(ownAddress(weft.url), demo.ids)) console.log(line);
          console.log('');
        }
      } finally {
        await first.session.end();
      }
    } finally {
      connection.disconnect();
    }
    console.log(
      'The demo calls again: npm run demo -- list (what each answers: docs/demo-flows.md).\n' +
        "Every other webhook needs an API key of its project (the project's API keys page): -H 'Authorization: Bearer <key>'",
    );
  }
  // a worker serves no HTTP: it says so instead of an empty address
  console.log(`\n  weft is running (${config.role}): ${weft.url || 'running activations, no HTTP server'}\n`);
  if (signIn) console.log(`  ${signIn}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping…');
    await weft.close();
    await redis?.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
