/**
 * @module runtime/services/metrics/metrics-route — `GET /metrics`, Prometheus's text format, for the
 * operator only: with WEFT_METRICS_TOKEN set, a request must bring `Authorization: Bearer
 * <token>`; without it, only a client on loopback is answered (a Prometheus on the same machine).
 * Anyone else gets 401 or 403. It needs no session and answers while Redis is down.
 */
import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import { HttpError } from '../errors.ts';
import type { WeftMetrics } from '../../services/metrics/weft-metrics.ts';

const loopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Why the metrics are refused to this caller (null: answer them). */
export function metricsRefusal(token: string | undefined, authorization: string | undefined, remoteAddress: string | undefined): HttpError | null {
  if (token) {
    const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    return given && sameText(given, token) ? null : new HttpError(401, 'unauthorized', 'The metrics need Authorization: Bearer <WEFT_METRICS_TOKEN>');
  }
  return loopback.test(remoteAddress ?? '') ? null : new HttpError(403, 'forbidden', 'The metrics are answered on loopback only; set WEFT_METRICS_TOKEN to scrape them from elsewhere');
}

export function metricsRouter(metrics: WeftMetrics, token: string | undefined): Router {
  const router = new Router();
  router.get('/metrics', async function scrapeMetrics(ctx) {
    const refusal = metricsRefusal(token, ctx.get('authorization') || undefined, ctx.req.socket.remoteAddress);
    if (refusal) {
      if (refusal.status === 401) ctx.set('WWW-Authenticate', 'Bearer');
      throw refusal;
    }
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
  return router;
}
