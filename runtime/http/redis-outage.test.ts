/**
 * Redis unreachable: every API route answers 503 'unavailable' with Retry-After at once (not 500
 * internal, not a hang), the process prints one line when the outage starts and one when it
 * ends (not ioredis's "Unhandled error event" per client and attempt), and routes work again
 * once Redis is back. On a Redis of its own, stopped and started again on the same files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type OwnRedis } from '../../actors/redis-server.ts';
import { startWeft, type Weft } from '../server.ts';
import { testSecret } from '../testing/test-secret.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-outage-'));
let redis: OwnRedis;
let weft: Weft;

beforeAll(async () => {
  redis = await startRedis({ dir });
  weft = await startWeft({ redisUrl: redis.url, prefix: 'outage:', port: 0, host: '127.0.0.1', concurrency: 2, secret: testSecret() });
});
afterAll(async () => {
  await weft?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${weft.url}${path}`, { signal: AbortSignal.timeout(10_000) });
const hook = () => fetch(`${weft.url}/hook/flow_nope`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(10_000) });

describe('Redis unreachable', () => {
  it('answers 503 with Retry-After, logs the outage once, and works again when Redis is back', async () => {
    expect((await get('/api/projects')).status).toBe(401);
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    const spies = [vi.spyOn(console, 'error').mockImplementation(capture), vi.spyOn(console, 'warn').mockImplementation(capture), vi.spyOn(console, 'log').mockImplementation(capture)];
    try {
      await redis.stop();
      await sleep(1500); // several reconnection attempts of every client
      for (const answer of [await get('/api/projects'), await get('/api/runs/run_x'), await hook()]) {
        expect(answer.status).toBe(503);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(await answer.json()).toEqual({ error: { code: 'unavailable', message: 'Redis is unreachable: weft can neither read nor store anything until it is back; retry in a few seconds' } });
      }
      const health = await get('/api/health');
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: 'degraded', redis: 'down' });
      await sleep(1000);
      redis = await startRedis({ dir });
      await expect.poll(async () => (await get('/api/projects')).status, { timeout: 10_000, interval: 200 }).toBe(401);
      expect((await hook()).status).toBe(404); // 'Workflow not found': Redis answered
      await sleep(500);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(lines.filter((l) => l.includes('Unhandled error event'))).toEqual([]);
    expect(lines.filter((l) => /unreachable/i.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /reachable again/i.test(l))).toHaveLength(1);
    expect(lines, lines.join("\n")).toHaveLength(2);
  });
});
