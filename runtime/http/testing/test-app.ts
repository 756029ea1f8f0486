/** @module runtime/http/testing/test-app — createApp on the test Redis, a fresh key prefix and a loopback port. */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import Redis from 'ioredis';
import type { CatalogueView } from '../../flows/catalogue-view.ts';
import { catalogue as realCatalogue } from '../../flows/testing/flow-fixtures.ts';
import { createApp } from '../app.ts';
import { serveApp, type ServedApp } from './serve-app.ts';

export interface TestApp extends ServedApp {
  redis: Redis;
  prefix: string;
}

export async function startTestApp(options: { catalogue?: CatalogueView; routers?: Router[]; bodyLimit?: string; redis?: Redis } = {}): Promise<TestApp> {
  const url = process.env.REDIS_URL;
  if (!url) throw new Error('REDIS_URL is not set: run tests with vitest (its global setup starts Redis)');
  const redis = options.redis ?? new Redis(url);
  const prefix = `weft-test-${randomUUID()}:`;
  const app = createApp({ redis, prefix, catalogue: options.catalogue ?? realCatalogue, routers: options.routers, bodyLimit: options.bodyLimit });
  const served = await serveApp(app);
  return {
    ...served,
    redis,
    prefix,
    async close() {
      await served.close();
      if (redis.status === 'ready') {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
      }
      redis.disconnect();
    },
  };
}
