/**
 * @module runtime/http/testing/test-app — createApp on the test Redis, a fresh key prefix and a
 * loopback port, signed in as a fresh admin: `request()`/`json()` carry its session cookie and
 * CSRF token (`anonymous` does not).
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import Redis from 'ioredis';
import type { CatalogueView } from '../../services/flows/catalogue-view.ts';
import { catalogue as realCatalogue } from '../../services/flows/testing/flow-fixtures.ts';
import { testAccounts, type TestAccounts, type TestUser } from '../../testing/test-accounts.ts';
import { createApp } from '../app.ts';
import { serveApp, type ServedApp } from './serve-app.ts';

export interface TestApp extends ServedApp {
  redis: Redis;
  prefix: string;
  /** the admin signed in as; null when the app's Redis was down at the start */
  admin: TestUser | null;
  /** the same app without a session */
  anonymous: ServedApp;
  accounts: TestAccounts;
}

export async function startTestApp(options: { catalogue?: CatalogueView; routers?: Router[]; bodyLimitBytes?: number; redis?: Redis } = {}): Promise<TestApp> {
  const url = process.env.REDIS_URL;
  if (!url) throw new Error('REDIS_URL is not set: run tests with vitest (its global setup starts Redis)');
  const redis = options.redis ?? new Redis(url);
  const prefix = `weft-test-${randomUUID()}:`;
  const app = createApp({ redis, prefix, catalogue: options.catalogue ?? realCatalogue, routers: options.routers, bodyLimitBytes: options.bodyLimitBytes });
  const served = await serveApp(app);
  // Accounts are made over a connection of their own, so an app given a dead Redis still starts (anonymous).
  const own = new Redis(url);
  const accounts = testAccounts(own, prefix, served.url);
  const appRedisUp = await redis.ping().then(() => true, () => false);
  const admin = appRedisUp ? await accounts.createUser({ name: 'Admin', organisationName: 'Admin' }) : null;
  const session = admin?.headers ?? {};
  const request: ServedApp['request'] = (method, path, body, headers = {}) => served.request(method, path, body, { ...session, ...headers });
  return {
    ...served,
    request,
    async json<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await request(method, path, body);
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    redis,
    prefix,
    admin,
    anonymous: served,
    accounts,
    async close() {
      await served.close();
      const keys = await own.keys(`${prefix}*`);
      if (keys.length) await own.del(...keys);
      own.disconnect();
      redis.disconnect();
    },
  };
}
