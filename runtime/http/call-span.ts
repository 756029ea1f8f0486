/**
 * @module runtime/http/call-span — a server span for every call through a production door and
 * every `/api/` request (docs/operations.md#traces), joining the caller's trace when it sent a
 * W3C `traceparent`. The handler runs inside it, so the runs it starts store its trace context
 * (actors/trace-context.ts) and their activations, in any process, are its descendants.
 * Recorded: the method, the path (never the query), the door's route, the client's address,
 * the answer's status and the run the call started (`X-Weft-Run-Id`). No header is recorded.
 * An `/api/` request's span is named by the route that answered it (`GET /api/runs/:runId`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracer } from '../services/tracing/tracer.ts';
import { productionDoorOf } from './production-doors.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

export function callSpans(handle: Handler): Handler {
  return (req, res) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0];
    const door = productionDoorOf(method, req.url ?? '', req.headers);
    if (!door && !path.startsWith('/api/')) return handle(req, res);
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const attributes = {
      'http.request.method': method,
      'url.path': path,
      'url.scheme': 'http',
      ...(door ? { 'http.route': door.route, 'weft.door': door.trigger } : {}),
      ...(req.socket.remoteAddress ? { 'client.address': req.socket.remoteAddress } : {}),
    };
    const span = tracer().startSpan(door ? `${method} ${door.route}` : method, { kind: SpanKind.SERVER, attributes }, parent);
    res.once('close', () => {
      span.setAttribute('http.response.status_code', res.statusCode);
      const runId = res.getHeader('x-weft-run-id');
      if (typeof runId === 'string') span.setAttribute('weft.run.id', runId);
      if (res.statusCode >= 500) {
        span.setAttribute('error.type', String(res.statusCode));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    });
    return context.with(trace.setSpan(parent, span), () => handle(req, res));
  };
}

/** Koa middleware: the span of an `/api/` request takes the route that matched (`http.route`), never the path's ids. */
export function routeNames(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      const span = trace.getActiveSpan();
      if (span && typeof route === 'string' && ctx.path.startsWith('/api/')) {
        span.updateName(`${ctx.method} ${route}`);
        span.setAttribute('http.route', route);
      }
    }
  };
}
