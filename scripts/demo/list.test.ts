/**
 * `npm run demo -- list` as a person runs it: a process with npm start's configuration
 * (runtime/config.ts). With weft and its own Redis stopped (no REDIS_URL; a stale redis.url
 * left behind), it starts that Redis from the data directory, prints the demo flows' curl lines
 * for the configured address, and stops it again.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { FlowStore } from '../../runtime/services/stores/flows.ts';
import { ProjectStore } from '../../runtime/services/stores/projects.ts';
import { freePort, startRedis } from '../../actors/redis-server.ts';
import { demoCallLines } from './demo-calls.ts';
import { DEMO_PROJECT, demoFlows } from './seed.ts';

const root = resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'weft-demo-list-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const list = (env: NodeJS.ProcessEnv) => {
  const clean = { ...process.env, ...env };
  delete clean.REDIS_URL;
  delete clean.NODE_OPTIONS;
  return promisify(execFile)('npm', ['run', '--silent', 'demo', '--', 'list'], { cwd: root, env: clean });
};

describe('npm run demo -- list', () => {
  it("prints the seeded demo flows' curl lines from the stopped weft's own Redis", async () => {
    const own = await startRedis({ dir: join(dataDir, 'redis') });
    const redis = new Redis(own.url);
    const ids: Record<string, string> = {};
    try {
      const project = await new ProjectStore(redis, 'weft:').create(DEMO_PROJECT, 'org_test');
      for (const { example: _example, ...flow } of demoFlows()) ids[flow.name] = (await new FlowStore(redis, 'weft:').create(project.id, flow as never)).id;
      await redis.save(); // as the AOF would keep them
    } finally {
      redis.disconnect();
      await own.stop();
    }
    // what a run of npm start leaves behind: the address of a Redis that is gone
    writeFileSync(join(dataDir, 'redis.url'), `redis://127.0.0.1:${await freePort()}\n`);
    const { stdout } = await list({ WEFT_DATA_DIR: dataDir, PORT: '4123', HOST: '0.0.0.0' });
    expect(stdout.trimEnd().split('\n')).toEqual(demoCallLines('http://127.0.0.1:4123', ids));
    expect(existsSync(join(dataDir, 'redis', 'redis.sock'))).toBe(false);
  }, 60_000);

  it('says what to do when there is no weft data yet', async () => {
    const error = await list({ WEFT_DATA_DIR: join(dataDir, 'none'), PORT: '4123' }).catch((e: { stderr: string }) => e);
    expect((error as { stderr: string }).stderr).toContain(`No weft data in ${join(dataDir, 'none')} (WEFT_DATA_DIR): run npm start first`);
  });
});
