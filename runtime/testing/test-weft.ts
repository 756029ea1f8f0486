/** @module runtime/testing/test-weft — a whole weft (server + workers) on the test Redis, on a free port. */
import { randomUUID } from 'node:crypto';
import { startWeft, type Weft, type WeftOptions } from '../server.ts';

export interface TestWeft extends Weft {
  prefix: string;
  /** call the JSON API; throws on a non-2xx answer with its error message */
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** call it and return the raw response */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** `options` may set any of startWeft's options but the Redis, prefix, address and role (plan limits, log publisher…). */
export async function startTestWeft(options: Omit<Partial<WeftOptions>, 'redisUrl' | 'prefix' | 'port' | 'host' | 'role'> = {}): Promise<TestWeft> {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) throw new Error('REDIS_URL is not set: run tests with `npm test`');
  const prefix = `weft-test-${randomUUID().slice(0, 8)}:`;
  const weft = await startWeft({ ...options, redisUrl, prefix, port: 0, host: '127.0.0.1', concurrency: options.concurrency ?? 8, role: 'all' });
  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${weft.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    ...weft,
    prefix,
    request,
    async api<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await request(method, path, body);
      const answer = (await response.json()) as T & { error?: { message: string } };
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.error?.message ?? ''}`);
      return answer;
    },
  };
}
