/** @module runtime/http/middleware — error answers, JSON bodies, request ids. */
import { randomUUID } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { HttpError } from './errors.ts';

/** Every error answers `{error: {message, code}}`; unexpected ones are logged, never shown. */
export function errorAnswers(): Middleware {
  return async function answerErrors(ctx, next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && /^\/(api|hook)\//.test(ctx.path)) {
        throw new HttpError(404, 'not_found', `No route ${ctx.method} ${ctx.path}`);
      }
    } catch (error) {
      const known = error instanceof HttpError ? error : fromKoa(error);
      if (!known) console.error(`[weft] ${ctx.method} ${ctx.path} (${ctx.state.requestId}):`, error);
      const answer = known ?? new HttpError(500, 'internal', 'Internal server error');
      ctx.status = answer.status;
      ctx.body = answer.body;
    }
  };
}

/** Errors Koa and the body parser raise carry an `expose`d status (bad JSON, too large). */
function fromKoa(error: unknown): HttpError | null {
  const e = error as { status?: number; expose?: boolean; message?: string; type?: string };
  if (!e || typeof e.status !== 'number' || !e.expose) return null;
  const message = e.status === 413 ? 'The request body is too large' : e.status === 400 ? `Invalid request body: ${e.message}` : (e.message ?? 'Bad request');
  return new HttpError(e.status, e.status === 413 ? 'too_large' : 'bad_request', message);
}

export function jsonBodies(limit = '2mb'): Middleware {
  return bodyParser({
    enableTypes: ['json'],
    jsonLimit: limit,
    encoding: 'utf-8',
    onError(error) {
      const status = (error as { status?: number }).status === 413 ? 413 : 400;
      throw new HttpError(status, status === 413 ? 'too_large' : 'bad_request', status === 413 ? 'The request body is too large' : `Invalid JSON body: ${error.message}`);
    },
  }) as unknown as Middleware;
}

export function requestIds(): Middleware {
  return async function tagRequest(ctx, next) {
    ctx.state.requestId = ctx.get('x-request-id') || randomUUID();
    ctx.set('x-request-id', ctx.state.requestId);
    await next();
  };
}
