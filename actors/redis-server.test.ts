import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Redis from 'ioredis';
import { startRedis } from './redis-server.ts';

describe('test Redis', () => {
  it('is the harness one, with AOF on and noeviction', async () => {
    const redis = new Redis(process.env.REDIS_URL!);
    expect(await redis.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
    expect(await redis.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
    redis.disconnect();
  });
});

describe('own Redis', () => {
  it('is reached over a Unix socket in its data dir that only this user may use; TCP on loopback still answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'weft-own-redis-'));
    const own = await startRedis({ dir });
    try {
      expect(own.url).toBe(join(dir, 'redis.sock'));
      expect(statSync(own.url).mode & 0o777).toBe(0o700);
      const overSocket = new Redis(own.url);
      const [, port] = (await overSocket.config('GET', 'port')) as string[];
      const overTcp = new Redis(`redis://127.0.0.1:${port}`);
      expect([await overSocket.ping(), await overTcp.ping()]).toEqual(['PONG', 'PONG']);
      overSocket.disconnect();
      overTcp.disconnect();
    } finally {
      await own.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
