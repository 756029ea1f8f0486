/** @module actors/redis-server — start the project's own Redis from redis.conf (start, tests, bench). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { repoRoot as root } from '../paths.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';

export interface OwnRedis {
  /** what to connect to: the Unix socket's path (ioredis takes it as a URL), else redis://127.0.0.1:<port> */
  url: string;
  /** its TCP port on 127.0.0.1 */
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

/**
 * Start redis-server from redis.conf with its data in `dir` on `port` (a free one by default)
 * and on a Unix socket in `dir` (mode 700: only this user), which is what its url names: a round
 * trip over a local socket costs both ends less than one over TCP. `args` are more redis-server
 * options (the cluster harness's). Resolves once it answers PING.
 */
export async function startRedis(options: { dir: string; port?: number; args?: string[] }): Promise<OwnRedis> {
  mkdirSync(options.dir, { recursive: true });
  const port = options.port ?? (await freePort());
  const socket = join(resolve(options.dir), 'redis.sock');
  // a socket's path has room for 107 bytes: past that, TCP only
  const socketArgs = Buffer.byteLength(socket) < 100 ? ['--unixsocket', socket, '--unixsocketperm', '700'] : [];
  const child = spawn(
    'redis-server',
    [join(root, 'redis.conf'), '--port', String(port), '--dir', resolve(options.dir), ...socketArgs, ...(options.args ?? [])],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = socketArgs.length ? socket : `redis://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  for (let i = 0; i < 100; i++) {
    if (exited) throw new Error(`redis-server exited at start (port ${port}, dir ${options.dir})`);
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch {
      probe.disconnect();
      await sleep(50);
    }
  }
  probe.disconnect();
  return {
    url,
    port,
    process: child,
    async stop() {
      if (exited) return;
      const done = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGTERM');
      await Promise.race([done, sleep(5000)]);
      if (!exited) child.kill('SIGKILL');
    },
  };
}
