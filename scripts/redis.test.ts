import { describe, expect, it } from 'vitest';
import Redis from 'ioredis';

describe('test Redis', () => {
  it('is the harness one, with AOF on and noeviction', async () => {
    const redis = new Redis(process.env.REDIS_URL!);
    expect(await redis.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
    expect(await redis.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
    redis.disconnect();
  });
});
