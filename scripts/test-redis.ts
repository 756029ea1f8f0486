/**
 * @module scripts/test-redis — vitest global setup: a throwaway Redis unless REDIS_URL is set,
 * and a throwaway server secret (WEFT_SECRET) so no test writes a secret file into ./data.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedis } from '../actors/redis-server.ts';

export default async function setup() {
  process.env.WEFT_SECRET ||= randomBytes(32).toString('hex');
  if (process.env.REDIS_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'weft-test-redis-'));
  const redis = await startRedis({ dir });
  process.env.REDIS_URL = redis.url;
  return async () => {
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
