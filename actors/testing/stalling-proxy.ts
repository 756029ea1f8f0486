/**
 * @module actors/testing/stalling-proxy — a loopback TCP proxy in front of the test Redis whose
 * replies can be held back: a connection through it that "stops answering" (as a stuck
 * subscriber connection would), with the real Redis behind it.
 */
import { createConnection, createServer, type Socket } from 'node:net';

export interface StallingProxy {
  /** redis://127.0.0.1:<port> of the proxy */
  url: string;
  /** hold Redis's replies back from now on */
  stall(): void;
  /** deliver what was held back, and what comes after */
  resume(): void;
  close(): Promise<void>;
}

/** `redisUrl`: redis://host:port or a Unix socket's path (the test Redis's) */
export async function stallingProxy(redisUrl: string): Promise<StallingProxy> {
  const url = redisUrl.startsWith('redis://') ? new URL(redisUrl) : null;
  const target = url ? { host: url.hostname, port: Number(url.port) } : { path: redisUrl };
  let stalled = false;
  const pairs: { client: Socket; redis: Socket }[] = [];
  const server = createServer((client) => {
    const redis = createConnection(target);
    for (const socket of [client, redis]) {
      socket.on('error', () => {});
      socket.on('close', () => (client.destroy(), redis.destroy()));
    }
    client.pipe(redis);
    if (!stalled) redis.pipe(client);
    pairs.push({ client, redis });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    stall() {
      stalled = true;
      for (const { client, redis } of pairs) {
        redis.unpipe(client);
        redis.pause();
      }
    },
    resume() {
      stalled = false;
      for (const { client, redis } of pairs) redis.pipe(client);
    },
    close: () => {
      for (const { client, redis } of pairs) client.destroy(), redis.destroy();
      return new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
