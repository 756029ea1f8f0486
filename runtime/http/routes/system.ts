/** @module runtime/http/routes/system — health, the node catalogue and the credential forms. */
import Router from '@koa/router';
import type Redis from 'ioredis';
import { credentialForms } from '../../../catalogue/credentials/index.ts';
import type { CatalogueView } from '../../services/flows/catalogue-view.ts';

/** How long a health check waits for Redis before calling it down. */
const PING_TIMEOUT_MS = 1000;

async function redisState(redis: Redis): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'down'>((done) => (timer = setTimeout(() => done('down'), PING_TIMEOUT_MS)));
  try {
    return await Promise.race([redis.ping().then(() => 'ok' as const, () => 'down' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function systemRouter(deps: { redis: Redis; catalogue: CatalogueView }): Router {
  const router = new Router();

  /** 200 `{status:'ok', redis:'ok'}`; without Redis nothing works, so 503 `{status:'degraded', redis:'down'}`. */
  router.get('/api/health', async function health(ctx) {
    const redis = await redisState(deps.redis);
    ctx.status = redis === 'ok' ? 200 : 503;
    ctx.body = { status: redis === 'ok' ? 'ok' : 'degraded', redis };
  });

  router.get('/api/catalogue', function listCatalogue(ctx) {
    ctx.body = deps.catalogue.list();
  });

  /** the credential forms of every credential type (catalogue/credentials), rendered like node forms */
  router.get('/api/catalogue/credentials', function listCredentialForms(ctx) {
    ctx.body = credentialForms;
  });

  return router;
}
