/**
 * The production start (issue #22): `npm run build` compiles the server side to dist/server, and
 * dist/server/start.mjs runs with plain node — no TypeScript loader, NODE_OPTIONS cleared — on the
 * test Redis: it prints its URL, /api/health answers, the admin it made signs in, and demo flows
 * answer their webhooks as docs/demo-flows.md says ("Square every number" runs its code node in the
 * sandbox's worker thread, built next to start.mjs), and the compiled parsing worker parses a
 * file. It prints a curl line per demo flow, which pasted into a shell answers 200, and which
 * `npm run demo -- list` prints again. A build that is fresh is not redone.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt, type SignedInClient } from '../runtime/testing/session-client.ts';
import { demoCallLines } from './demo/demo-calls.ts';
import { demoFlows } from './demo/seed.ts';
import { freePort } from '../actors/redis-server.ts';

const root = resolve(import.meta.dirname, '..');
const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'weft-start-compiled-'));
const prefix = `weft-test-${randomUUID().slice(0, 8)}:`;
let child: ChildProcess;
let output = '';
let url = '';
let admin: SignedInClient;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  await run(process.execPath, [join(root, 'scripts', 'build-server.mjs')], { cwd: root });
  env = { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', WEFT_DATA_DIR: dataDir, WEFT_PREFIX: prefix };
  delete env.NODE_OPTIONS;
  child = spawn(process.execPath, [join(root, 'dist', 'server', 'start.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => Promise.reject(new Error(`the compiled start exited (code ${code}): ${output}`)));
  url = await Promise.race([
    new Promise<string>((ok) =>
      createInterface({ input: child.stdout! }).on('line', (line) => {
        output += `${line}\n`;
        const running = /weft is running \(all\): (\S+)/.exec(line);
        if (running) ok(running[1]);
      }),
    ),
    exited,
  ]);
  exited.catch(() => {});
  admin = await signInAt(url, 'admin@weft.local', readFileSync(join(dataDir, 'admin-password.txt'), 'utf8').trim());
  // a build when stale, then a first start: the seed indexes the docs, which opens the vector store
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
  const redis = new Redis(process.env.REDIS_URL!);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The demo project's flow of that name's id. */
async function demoFlowId(name: string): Promise<string> {
  const projects = await admin.api<{ id: string; name: string }[]>('GET', '/api/projects');
  const demo = projects.find((p) => p.name === 'Demo');
  expect(demo, `projects: ${projects.map((p) => p.name).join(', ')}`).toBeDefined();
  const flows = await admin.api<{ id: string; name: string }[]>('GET', `/api/projects/${demo!.id}/flows`);
  const flow = flows.find((f) => f.name === name);
  expect(flow, `flows: ${flows.map((f) => f.name).join(', ')}`).toBeDefined();
  return flow!.id;
}

const hook = async (flowId: string, body: unknown) => {
  const response = await fetch(`${url}/hook/${flowId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** The Demo project's flow ids by name. */
async function demoIds(): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const { name } of demoFlows()) ids[name] = await demoFlowId(name);
  return ids;
}

describe('the compiled production start', () => {
  it('prints a curl line per demo flow, which answers 200 pasted, and npm run demo -- list prints them again', async () => {
    const lines = demoCallLines(url, await demoIds());
    expect(lines).toHaveLength(2 * demoFlows().length);
    const printed = output.split('\n');
    for (const line of lines) expect(printed, line).toContain(line);
    const grade = lines[lines.indexOf('# Grade a score (condition)') + 1];
    const pasted = await run('sh', ['-c', `${grade} -s -w '\n%{http_code}'`]);
    const [body, status] = pasted.stdout.split('\n');
    expect({ status, body: JSON.parse(body) }).toEqual({ status: '200', body: { verdict: 'passed', score: 72 } });
    const listed = await run('npm', ['run', '--silent', 'demo', '--', 'list'], { cwd: root, env });
    expect(listed.stdout.trimEnd().split('\n')).toEqual(lines);
  }, 60_000);

  it('prints its URL and how to sign in, and answers /api/health', async () => {
    expect(output).toContain(`weft is running (all): ${url}`);
    expect(output).toMatch(/Demo project ready in .*: \d+ example flows/);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', redis: 'ok' });
  });

  it('serves the docs it reads from the source tree', async () => {
    const readme = await fetch(`${url}/docs/readme`);
    expect(readme.status).toBe(200);
    expect(await readme.text()).toContain('<title>weft: README</title>');
  });

  it('answers a demo webhook (condition)', async () => {
    const answer = await hook(await demoFlowId('Grade a score (condition)'), { score: 72 });
    expect(answer).toEqual({ status: 200, body: { verdict: 'passed', score: 72 } });
  });

  it('runs a code node in the compiled sandbox worker (loop)', async () => {
    const answer = await hook(await demoFlowId('Square every number (loop)'), { numbers: [1, 2, 3] });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      { index: 0, currentValue: 1, output: { n: 1, square: 1 } },
      { index: 1, currentValue: 2, output: { n: 2, square: 4 } },
      { index: 2, currentValue: 3, output: { n: 3, square: 9 } },
    ]);
  });

  it('parses a file in the compiled parsing worker (Extract from file), plain JavaScript in a worker thread', async () => {
    const job = { format: 'csv', bytes: new TextEncoder().encode('name\nada\n'), options: { returnRawText: true, joinPages: false, encoding: 'utf8', headers: true }, limits: {} };
    const worker = new Worker(join(root, 'dist', 'server', 'parse-worker-entry.mjs'), { workerData: job });
    const [message] = (await once(worker, 'message')) as [{ type: string; data: unknown }];
    await worker.terminate();
    expect(message).toEqual({ type: 'done', data: 'name\nada\n' });
  });

  it('does not rebuild a fresh build (npm start passes --if-stale)', async () => {
    const again = await run(process.execPath, [join(root, 'scripts', 'build-server.mjs'), '--if-stale'], { cwd: root });
    expect(again.stdout).toBe('');
  });
});
