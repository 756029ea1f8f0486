/** @module runtime/http/middleware — error answers, JSON bodies, request ids, 503 while Redis is down. */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { checkBody, MAX_BODY_BYTES, tooLarge } from './body-limits.ts';
import { redisOutage, RETRY_AFTER_SECONDS } from '../../actors/redis-outage.ts';
import { HttpError, httpErrorOf, unavailable } from './errors.ts';
import type { OutageSpool } from '../services/logs/outage-spool.ts';
import { refusedCallOf } from './production-doors.ts';

/** Paths whose answers are always JSON (the editor's static files are not). */
const apiPath = /^\/(api|hook)(\/|$)/;

const codes: Record<number, string> = { 404: 'not_found', 405: 'method_not_allowed', 501: 'not_implemented' };

/**
 * Every error answers `{error: {message, code}}`; domain errors get their status here
 * (httpErrorOf). Unexpected errors are logged here with the
 * request id and answer 500 'Internal server error': no message or stack of theirs reaches a
 * client. An API route nobody answered (404, or 405 from a router's allowedMethods) gets the
 * same shape instead of Koa's plain-text body.
 */
export function errorAnswers(): Middleware {
  return async function answerErrors(ctx, next) {
    try {
      await next();
      if (ctx.status >= 400 && ctx.body == null && apiPath.test(ctx.path)) {
        const message = ctx.status === 404 ? `No route ${ctx.method} ${ctx.path}` : `${STATUS_CODES[ctx.status] ?? 'Error'}: ${ctx.method} ${ctx.path}`;
        throw new HttpError(ctx.status, codes[ctx.status] ?? 'http_error', message);
      }
    } catch (error) {
      const { answer, headers } = errorAnswer(error, `${ctx.method} ${ctx.path} (request ${ctx.state.requestId})`);
      ctx.set(headers);
      ctx.status = answer.status;
      ctx.body = answer.body;
    }
  };
}

/**
 * The answer to an error (`what`: the request, named in the log line of an unexpected error) and
 * the headers it comes with: Retry-After for a refusal that says when to come back.
 */
export function errorAnswer(error: unknown, what: string): { answer: HttpError; headers: Record<string, string> } {
  const known = httpErrorOf(error) ?? fromKoa(error);
  if (!known) console.error(`[weft] ${what}:`, error);
  const answer = known ?? new HttpError(500, 'internal', 'Internal server error');
  const headers: Record<string, string> = {};
  if (answer.code === 'unavailable') headers['Retry-After'] = String(RETRY_AFTER_SECONDS);
  // a refusal that says when to come back (load shedding: runtime/core/calls/load-shedding.ts)
  else if (typeof answer.extra.retryAfter === 'number') headers['Retry-After'] = String(answer.extra.retryAfter);
  return { answer, headers };
}

/**
 * Errors Koa and its middleware raise with `ctx.throw` carry a status and `expose` (set only
 * for 4xx, whose messages are meant for the client); anything else is unexpected.
 */
function fromKoa(error: unknown): HttpError | null {
  const e = error as { status?: unknown; expose?: unknown; message?: unknown };
  if (!e || typeof e.status !== 'number' || e.status < 400 || e.status > 499 || e.expose !== true) return null;
  if (e.status === 413) return tooLarge();
  const message = typeof e.message === 'string' && e.message ? e.message : (STATUS_CODES[e.status] ?? 'Bad request');
  return new HttpError(e.status, codes[e.status] ?? 'bad_request', message);
}

/** Routes that answer without Redis: health (which reports it down) and the node catalogue. */
const withoutRedis = /^\/api\/(health|catalogue)(\/|$)/;
/** Routes that need Redis: the API, webhooks, GraphQL and the widgets' calls (not their scripts, nor the editor's files). */
const needsRedis = /^\/(api|hook|graphql)(\/|$)|^\/widgets\/.+\//;

/**
 * While this process cannot reach Redis (actors/redis-outage.ts), a route that needs it answers
 * 503 'unavailable' with Retry-After at once instead of waiting on a command that cannot succeed.
 * A production call refused so is kept in `spool` for its log record.
 */
export function refuseWhileRedisDown(spool?: Pick<OutageSpool, 'add'>): Middleware {
  return async function checkRedis(ctx, next) {
    if (!redisOutage.down || !needsRedis.test(ctx.path) || withoutRedis.test(ctx.path)) return next();
    const refused = spool && (await refusedCallOf(ctx.req));
    if (refused) spool.add(refused);
    throw unavailable();
  };
}

/** Paths whose route reads the request body itself: GraphQL over HTTP (graphql-http parses it). */
const ownBodyPath = /^\/graphql\/?$/;

/**
 * JSON bodies up to `limitBytes` (default MAX_BODY_BYTES, 413 past it) and MAX_BODY_DEPTH levels
 * deep (400 past it: runtime/http/body-limits.ts); bad JSON is a 400 naming the parse error.
 */
export function jsonBodies(limitBytes = MAX_BODY_BYTES): Middleware {
  const parse = jsonParser(limitBytes);
  return function parseJsonBodies(ctx, next) {
    if (ownBodyPath.test(ctx.path)) return next();
    return parse(ctx, () => {
      checkBody((ctx.request as { body?: unknown }).body);
      return next();
    });
  };
}

function jsonParser(limitBytes: number): Middleware {
  return bodyParser({
    enableTypes: ['json'],
    jsonLimit: limitBytes,
    encoding: 'utf-8',
    onError(error) {
      if ((error as { status?: number }).status === 413) throw tooLarge(limitBytes);
      throw new HttpError(400, 'bad_request', `Invalid JSON body: ${error.message}`);
    },
  }) as unknown as Middleware;
}

/** A client's X-Request-Id of safe characters is kept (so logs line up), otherwise one is made. */
export function requestIds(): Middleware {
  return async function tagRequest(ctx, next) {
    ctx.state.requestId = requestIdOf(ctx.get('x-request-id'));
    ctx.set('x-request-id', ctx.state.requestId);
    await next();
  };
}

/** the request's id: the client's X-Request-Id when it is of safe characters, else a new one */
export const requestIdOf = (given: string | undefined): string => (given && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID());
