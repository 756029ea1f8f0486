/**
 * @module scripts/bench/idle-rss — `npx tsx scripts/bench/idle-rss.ts`: starts a weft (server
 * and workers) on its own Redis, leaves it idle for 3 s and prints the process's RSS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startWeft } from '../../runtime/server.ts';
import { startRedis } from '../../actors/redis-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-idle-rss-'));
const redis = await startRedis({ dir });
try {
  const weft = await startWeft({ redisUrl: redis.url, port: 0, dataDir: dir });
  await sleep(3000);
  console.log(`idle RSS after 3 s: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
  await weft.close();
} finally {
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
}
